"""What the browser's pages need from the server: the replay endpoint, the structured
prompt, the chat's state and the forms that share a kind."""

from __future__ import annotations

import json

import dreamtable
from fastapi.testclient import TestClient

from .conftest import bearer
from .test_api import eventually, new_table, started_table, view_of


def finished_bot_game(client: TestClient) -> str:
    created = new_table(client, seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}])
    table = created["table"]
    assert client.post(f"/api/tables/{table}/start", headers=bearer(created["host_token"])).status_code == 200
    assert eventually(lambda: client.get(f"/api/tables/{table}").json()["status"] == "over", 30)
    return table


def test_replay_gives_each_step_as_the_seat_saw_it_and_ends_at_the_outcome(client: TestClient) -> None:
    table = finished_bot_game(client)
    record = client.get(f"/api/tables/{table}/record").json()
    start = client.get(f"/api/tables/{table}/replay", params={"step": 0, "seat": 0}).json()
    assert start["steps"] == len(record["moves"]) and start["move"] is None
    replayed = dreamtable.load(record["game"]).new(record["players"], record["seed"], **record["options"])
    assert start["view"]["board"] == replayed.view(0)["board"]
    one = client.get(f"/api/tables/{table}/replay", params={"step": 1, "seat": 1}).json()
    seat, text = record["moves"][0]
    assert one["move"] == {"seat": seat, "move": text}
    replayed.apply(seat, replayed.game.parse_action(replayed, seat, text))
    assert one["view"] == replayed.view(1) and one["events"]  # B's view: A's hand stays hidden
    end = client.get(f"/api/tables/{table}/replay", params={"step": 10**5}).json()
    assert end["step"] == end["steps"] and end["view"]["outcome"] is not None and end["view"]["seat"] is None


def test_replay_of_a_game_in_play_or_of_a_seat_out_of_range_is_refused(client: TestClient) -> None:
    table, _ = started_table(client)
    refused = client.get(f"/api/tables/{table}/replay")
    assert refused.status_code == 409 and "over" in refused.json()["message"]
    finished = finished_bot_game(client)
    wrong = client.get(f"/api/tables/{finished}/replay", params={"seat": 5})
    assert wrong.status_code == 400 and "seat" in wrong.json()["message"]
    assert client.get("/api/tables/nope/replay").status_code == 404


def test_updates_carry_the_prompt_as_a_kind_and_the_chat_state(client: TestClient) -> None:
    table, tokens = started_table(client)
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as socket:
        update = json.loads(socket.receive_text())
    assert update["view"]["ask"] == {"kind": "waiting-for", "seat": 0}
    assert update["view"]["prompt"] == "Waiting for A."
    assert update["chat_open"] is True


def dream_cycle_at_a_brake_plan(client: TestClient) -> tuple[str, list[str], int]:
    """A Dream Cycle table (seed 3) played on until the seat on turn is offered the brake-plan forms."""
    table, tokens = started_table(client, game="dream-cycle", seed=3)
    for _ in range(40):  # starting spaces and purchases until the seat on turn may plan
        view = view_of(client, table, None)
        seat = view["view"]["turn"]
        mine = view_of(client, table, tokens[seat])
        if any(form["template"] == "plan steps {steps}" for form in mine.get("forms", [])):
            return table, tokens, seat
        move = mine["legal"][0]
        assert client.post(f"/api/tables/{table}/moves", json={"move": move, "seq": mine["seq"]},
                           headers=bearer(tokens[seat])).status_code == 200
    raise AssertionError("no brake plan form was offered")


def test_a_form_is_chosen_among_forms_of_one_kind_by_its_parameters(client: TestClient) -> None:
    """Dream Cycle offers three brake-plan forms, all of kind "plan": the values name the one meant."""
    table, tokens, seat = dream_cycle_at_a_brake_plan(client)
    seq = view_of(client, table, tokens[seat])["seq"]
    answer = client.post(f"/api/tables/{table}/forms", json={"form": "plan", "values": {"steps": 3}, "seq": seq},
                         headers=bearer(tokens[seat]))
    assert answer.status_code == 200, answer.text
    assert any(event["kind"] == "plan" for event in answer.json()["view"]["events"])


def test_a_form_value_of_a_wrong_json_type_is_refused_naming_the_field(client: TestClient) -> None:
    """Each JSON type in a field that does not take it (a number where square codes go, true where a
    number goes: never read as 1) is a 400 FormError naming the field; the table does not change."""
    table, tokens, seat = dream_cycle_at_a_brake_plan(client)
    before = view_of(client, table, tokens[seat])
    wrong = {"squares": [5, 2.5, True, None, {"x": 1}, [1]], "steps": ["3", 2.5, 3.0, True, None, [3], {"x": 1}]}
    for field, values in wrong.items():
        for value in values:
            answer = client.post(f"/api/tables/{table}/forms",
                                 json={"form": "plan", "values": {field: value}, "seq": before["seq"]},
                                 headers=bearer(tokens[seat]))
            assert answer.status_code == 400, (field, value, answer.text)
            assert answer.json()["error"] == "FormError" and f"{field} " in answer.json()["message"], answer.text
    assert view_of(client, table, tokens[seat]) == before


def test_pages_are_served_for_the_lobby_a_table_a_replay_and_the_rules(client: TestClient) -> None:
    for path in ("/", "/tables/abc", "/replay/abc", "/rules/sogni-e-incubi", "/static/js/i18n.js"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert "frame-ancestors 'none'" in answer.headers["content-security-policy"]
    rules = client.get("/rules/dream-cycle").text
    main = rules[rules.index("<main"):rules.index("</main>")]  # the shell's own script draws the figures
    assert "<h1>" in main and "<script" not in main  # our markdown, rendered with raw HTML escaped


def test_the_api_reference_is_served_from_the_package_with_no_cdn(client: TestClient) -> None:
    page = client.get("/docs")
    assert page.status_code == 200 and "frame-ancestors 'none'" in page.headers["content-security-policy"]
    assert "/docs/assets/swagger-ui-bundle.js" in page.text and "cdn" not in page.text.lower()
    assert "<script>" not in page.text  # the content policy allows no inline script
    script = client.get("/docs/assets/swagger-ui-bundle.js")
    assert script.status_code == 200 and "SwaggerUIBundle" in script.text
    assert client.get("/redoc").status_code == 404
