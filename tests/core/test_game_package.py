"""A game package ships its browser module, styles and catalogues; one that lacks any is refused with
the game, the file and what is missing named (core/game_package.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import dreamtable
from dreamtable.core.errors import SetupError
from dreamtable.core.game_package import check_web_package, developer_page, rules_page, web_folder





def test_the_five_games_ship_a_complete_web_package() -> None:
    for info in dreamtable.games():
        check_web_package(dreamtable.load(info.id))


def test_a_copied_game_is_read_from_its_own_package(copied_game) -> None:
    game, web = copied_game
    assert Path(str(web_folder(game))) == web
    check_web_package(game)


@pytest.mark.parametrize("missing", ["board.js", "board.css", "i18n/en.json"])
def test_a_package_without_its_board_styles_or_english_words_is_refused_naming_the_file(copied_game, missing) -> None:
    game, web = copied_game
    (web / missing).unlink()
    with pytest.raises(SetupError, match=rf"sogni-e-incubi \(copied_\w+/web/\) lacks {missing}"):
        check_web_package(game)


def test_a_package_without_its_english_rules_page_is_refused(copied_game) -> None:
    game, web = copied_game
    (web.parent / "rules" / "en.md").unlink()
    with pytest.raises(SetupError, match=r"sogni-e-incubi \(copied_\w+/\) lacks rules/en.md"):
        check_web_package(game)
    assert rules_page(game) is None


def test_a_package_without_its_english_page_for_developers_is_refused(copied_game) -> None:
    game, web = copied_game
    (web.parent / "rules" / "developers.en.md").unlink()
    with pytest.raises(SetupError, match=r"sogni-e-incubi \(copied_\w+/\) lacks rules/developers.en.md"):
        check_web_package(game)
    assert developer_page(game) is None and rules_page(game) is not None


def test_the_developer_page_is_read_apart_from_the_player_page(copied_game) -> None:
    game, web = copied_game
    (web.parent / "rules" / "developers.en.md").write_text("# For developers\n\n| SI-R1 | one rule |\n", encoding="utf-8")
    assert developer_page(game) == "# For developers\n\n| SI-R1 | one rule |\n"
    assert "SI-R1" not in (rules_page(game) or "")


def test_the_rules_page_is_read_from_the_game_s_package(copied_game) -> None:
    game, web = copied_game
    (web.parent / "rules" / "en.md").write_text("# Copied\n\n| SI-R1 | one rule |\n", encoding="utf-8")
    assert rules_page(game) == "# Copied\n\n| SI-R1 | one rule |\n"


def test_a_catalogue_without_an_event_s_sentence_is_refused_naming_the_key(copied_game) -> None:
    game, web = copied_game
    english = json.loads((web / "i18n" / "en.json").read_text(encoding="utf-8"))
    del english["event.draw"]
    (web / "i18n" / "en.json").write_text(json.dumps(english), encoding="utf-8")
    with pytest.raises(SetupError, match=r"i18n/en.json lacks the keys event.draw"):
        check_web_package(game)


def test_a_translation_with_a_key_or_a_field_english_lacks_is_refused(copied_game) -> None:
    game, web = copied_game
    italian = json.loads((web / "i18n" / "it.json").read_text(encoding="utf-8"))
    italian["event.nothing-like-it"] = "?"
    italian["event.draw"] = "{actor:seat} ha pescato {hand_of_B}."
    (web / "i18n" / "it.json").write_text(json.dumps(italian), encoding="utf-8")
    with pytest.raises(SetupError) as refused:
        check_web_package(game)
    assert "i18n/it.json has keys the English catalogue lacks: event.nothing-like-it" in str(refused.value)
    assert "'event.draw' fills hand_of_B, which its English template does not" in str(refused.value)


def test_a_translation_may_word_a_count_in_plural_forms_and_its_fields_are_checked(copied_game) -> None:
    game, web = copied_game
    italian = json.loads((web / "i18n" / "it.json").read_text(encoding="utf-8"))
    italian["board.cards"] = {"one": "1 carta", "other": "{n} carte"}
    (web / "i18n" / "it.json").write_text(json.dumps(italian), encoding="utf-8")
    check_web_package(game)
    italian["board.cards"] = {"one": "1 carta", "other": "{n} carte di {hand_of_B}"}
    (web / "i18n" / "it.json").write_text(json.dumps(italian), encoding="utf-8")
    with pytest.raises(SetupError, match=r"'board.cards' fills hand_of_B, which its English template does not"):
        check_web_package(game)


def test_plural_forms_without_other_or_with_an_unknown_form_are_refused_naming_the_key(copied_game) -> None:
    game, web = copied_game
    italian = json.loads((web / "i18n" / "it.json").read_text(encoding="utf-8"))
    italian["board.cards"] = {"one": "1 carta", "several": "{n} carte"}
    (web / "i18n" / "it.json").write_text(json.dumps(italian), encoding="utf-8")
    with pytest.raises(SetupError, match=r"board.cards must each be a template text or plural forms .*\"other\" is required"):
        check_web_package(game)


def test_a_catalogue_that_is_not_json_is_refused(copied_game) -> None:
    game, web = copied_game
    (web / "i18n" / "en.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(SetupError, match=r"i18n/en.json is not valid JSON"):
        check_web_package(game)
