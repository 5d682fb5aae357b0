"""The text catalogue besides the errors: every key in zh and en, chosen by the caller's language."""

from iotyun.core.context import lang_var
from iotyun.core.limits import DATA_SOURCE_GROUP_NAME_MAX, DEVICE_GROUP_NAME_MAX, SCREEN_NAME_MAX
from iotyun.core.texts import TEXTS, both, is_english, phrase


def test_every_key_has_both_texts() -> None:
    for key, (zh, en) in TEXTS.items():
        assert zh.strip() and en.strip(), key


def test_the_callers_language_by_default() -> None:
    token = lang_var.set("en")
    try:
        assert phrase("name.default_group") == "Default" and is_english()
    finally:
        lang_var.reset(token)
    assert phrase("name.default_group") == "默认分组" and not is_english()


def test_an_explicit_language_and_placeholders() -> None:
    assert phrase("mail.code.body", "en", code="123456", minutes=5).startswith("Your verification code is 123456.")
    assert "123456" in phrase("mail.code.body", "zh", code="123456", minutes=5)
    assert phrase("sheet.history.time", "fr") == "时间"
    assert both("sheet.device.sn_code") == ("SN码", "SN")


def test_stored_names_fit_their_columns() -> None:
    for text in both("name.default_group"):
        assert len(text) <= min(DEVICE_GROUP_NAME_MAX, DATA_SOURCE_GROUP_NAME_MAX), text
    for text in both("name.main_screen"):
        assert len(text) <= SCREEN_NAME_MAX, text
