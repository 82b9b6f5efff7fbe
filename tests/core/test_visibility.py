"""The visibility model: secrets resolve per seat, in views and in events alike."""

from dreamtable.core.visibility import NOBODY, Event, Secret, owner_only, reveal


def test_reveal_resolves_secrets_per_seat_recursively():
    item = {"hand": owner_only(1, ["S1", "S2"], shown_as={"size": 2}), "deck": Secret([3, 4], NOBODY, 2)}
    assert reveal(item, 1) == {"hand": ["S1", "S2"], "deck": 2}
    assert reveal(item, 0) == {"hand": {"size": 2}, "deck": 2}
    assert reveal(item, None) == {"hand": {"size": 2}, "deck": 2}


def test_event_text_hides_the_secret_from_others():
    event = Event(0, "{who} drew {card}.", {"who": "A", "card": owner_only(0, "Dream 3", "a card")})
    assert event.seen_by(0) == {"actor": 0, "text": "A drew Dream 3."}
    assert event.seen_by(1)["text"] == "A drew a card."
    assert event.seen_by(None)["text"] == "A drew a card."
