"""The Thurn und Taxis map is drawn whole (issue 24): every region's outline, the region legend and
every city's name lie inside the SVG's viewBox (Zürich's and Innsbruck's regions were cut off)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.support import http

# The drawn box of each region, of the legend and of each city (dot and name) in the map's units,
# and the viewBox; a box reaching outside the viewBox is not shown.
BOXES = """() => {
  const board = document.querySelector("[data-testid=board]");
  const box = (node) => {
    const { x, y, width, height } = node.getBBox();
    return { name: node.dataset.city ?? node.dataset.region ?? "legend", x, y, width, height };
  };
  const nodes = [...board.querySelectorAll(".region, [data-testid=city]"),
    board.querySelector("[data-testid=region-legend]")];
  const { x, y, width, height } = board.viewBox.baseVal;
  return { view: { x, y, width, height }, boxes: nodes.map(box) };
}"""


def test_every_region_and_city_of_the_map_is_inside_the_drawing(open_page, server_url):
    created = http().post(f"{server_url}/api/matches", timeout=10, json={
        "game": "thurn_und_taxis", "players": 2, "seats": [{"type": "human"}] * 2,
        "claim": [0, 1], "seed": 1,
    })
    created.raise_for_status()
    page = open_page()
    page.goto(f"/#/watch/{created.json()['match_id']}")
    expect(page.locator("[data-testid=board] .region")).not_to_have_count(0)
    drawn = page.evaluate(BOXES)
    view = drawn["view"]
    names = {box["name"] for box in drawn["boxes"]}
    assert {"ZUE", "INN", "SCH", "TYR", "legend"} <= names, names
    outside = [box["name"] for box in drawn["boxes"]
               if box["x"] < view["x"] - 0.5 or box["y"] < view["y"] - 0.5
               or box["x"] + box["width"] > view["x"] + view["width"] + 0.5
               or box["y"] + box["height"] > view["y"] + view["height"] + 0.5]
    assert not outside, (view, outside)
