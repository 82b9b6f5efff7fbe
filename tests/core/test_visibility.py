"""The visibility model: secrets resolve per seat, in views and in events alike."""

from dreamtable.core.visibility import NOBODY, Event, Secret, owner_only, reveal


def test_reveal_resolves_secrets_per_seat_recursively():
    item = {"hand": owner_only(1, ["S1", "S2"], shown_as={"size": 2}), "deck": Secret([3, 4], NOBODY, 2)}
    assert reveal(item, 1) == {"hand": ["S1", "S2"], "deck": 2}
    assert reveal(item, 0) == {"hand": {"size": 2}, "deck": 2}
    assert reveal(item, None) == {"hand": {"size": 2}, "deck": 2}


def test_event_fields_hide_the_secret_from_others():
    event = Event("draw", 0, {"card": owner_only(0, "S3", "a card")})
    assert event.seen_by(0) == {"kind": "draw", "actor": 0, "card": "S3"}
    assert event.seen_by(1) == {"kind": "draw", "actor": 0, "card": "a card"}
    assert event.seen_by(None)["card"] == "a card"


def test_reveal_copies_every_container_and_takes_any_dict_list_or_tuple():
    from collections import OrderedDict

    inner = [1, owner_only(0, "mine", "hidden"), (2, Secret("x", NOBODY, "?"))]
    item = {"rows": inner, "named": OrderedDict(a=owner_only(1, 5, 0)), "flag": True, "none": None}
    seen = reveal(item, 0)
    assert seen == {"rows": [1, "mine", [2, "?"]], "named": {"a": 0}, "flag": True, "none": None}
    assert type(seen["named"]) is dict and type(seen["rows"][2]) is list
    seen["rows"].append("changed")
    assert len(inner) == 3, "the view is a copy: changing it never changes the game's own data"
