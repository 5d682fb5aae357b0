"""The signature's known answer, shared with web/src/lib/sign.test.ts: both sides sign the same bytes."""

from iotyun.core import security

SEED = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60"
PUB = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a"
BODY = b'{"username":"alice"}'
SIG = (
    "1c92bde9f4944d65fe71e9caff1c7fab121c76140453dff4c48c231e3ed65c60"
    "dfc6e9e37767570f27608575a135b01471d1ba69694afa3a1d9a64603b830603"
)


def test_known_answer() -> None:
    assert security.sign(SEED, PUB, "1700000000000", "60", "POST", "/yun/v2/user/login", BODY) == SIG
    assert security.signature_valid(PUB, "1700000000000", "60", SIG, "POST", "/yun/v2/user/login", BODY)
    assert security.signature_valid(PUB, "1700000000000", "60", SIG.upper(), "post", "/yun/v2/user/login", BODY)


def test_anything_else_fails() -> None:
    args = (PUB, "1700000000000", "60", SIG, "POST", "/yun/v2/user/login", BODY)
    for i, other in ((4, "PUT"), (5, "/user/register"), (6, BODY + b" "), (2, "59"), (3, SIG[:-1] + " ")):
        changed = list(args)
        changed[i] = other
        assert not security.signature_valid(*changed), i  # type: ignore[arg-type]


def test_one_spelling_per_signature() -> None:
    assert security.signature_key(SIG.upper()) == security.signature_key(SIG) == SIG
    assert security.signature_key(SIG[:2] + " " + SIG[3:]) is None
    assert security.signature_key(SIG + "00") is None
