"""See a game: the self-contained HTML viewer (`simulator view`) and the causal graph as SVG
(`simulator why --svg/--html`), drawn without Graphviz."""
from __future__ import annotations

from typing import Any, Iterable

from simulator.cards import model as m

from simulator.game import events as ev
from simulator.viewer.data import page_data, state_view
from simulator.viewer.html import embedded_data, render_page
from simulator.viewer.svg import why_html, why_svg


def game_page(envelopes: Iterable[ev.Envelope], pool: m.Cards, game_id: str) -> str:
    """The viewer page of one game (one HTML document, everything inline)."""
    return render_page(page_data(envelopes, pool, game_id))


__all__ = ["game_page", "page_data", "state_view", "render_page", "embedded_data", "why_svg", "why_html"]
