"""`iotyun gateway` settings: site.yaml overridden by flags."""

import argparse
from pathlib import Path

import pytest

from iotyun.cli import gateway_config


def args(**kw: object) -> argparse.Namespace:
    values: dict[str, object] = dict.fromkeys(
        ("config", "sn", "secret", "server", "mqtt", "modbus", "device_id", "period", "poll", "data_dir")
    )
    values.update(kw)
    return argparse.Namespace(**values)


def test_site_yaml(tmp_path: Path) -> None:
    site = tmp_path / "site.yaml"
    site.write_text(
        "sn: IOT0000001\nsecret: iotyun123\nserver: http://10.0.0.2:8080\nmqtt: 10.0.0.2:1884\n"
        "modbus: 192.168.1.10\ndevice_id: 3\nperiod_s: 30\npoll_s: 0.5\ndata_dir: /var/lib/iotyun\n",
        encoding="utf-8",
    )
    cfg = gateway_config(args(config=str(site)))
    assert (cfg.sn, cfg.secret, cfg.server) == ("IOT0000001", "iotyun123", "http://10.0.0.2:8080")
    assert (cfg.mqtt_host, cfg.mqtt_port) == ("10.0.0.2", 1884)
    assert (cfg.modbus_host, cfg.modbus_port, cfg.device_id) == ("192.168.1.10", 502, 3)
    assert (cfg.period_s, cfg.poll_s, cfg.data_dir) == (30, 0.5, Path("/var/lib/iotyun"))


def test_flags_override_the_file(tmp_path: Path) -> None:
    site = tmp_path / "site.yaml"
    site.write_text("sn: A1\nsecret: secret1\nmodbus: 10.0.0.9:1502\n", encoding="utf-8")
    cfg = gateway_config(args(config=str(site), sn="B2", modbus="127.0.0.1:5020", poll=2.0))
    assert (cfg.sn, cfg.modbus_host, cfg.modbus_port, cfg.poll_s) == ("B2", "127.0.0.1", 5020, 2.0)
    assert cfg.mqtt_host is None


def test_flags_alone(tmp_path: Path) -> None:
    cfg = gateway_config(args(sn="IOT0000003", secret="iotyun123", mqtt="broker:1883", data_dir=str(tmp_path)))
    assert (cfg.server, cfg.mqtt_host, cfg.data_dir) == ("http://127.0.0.1:8080", "broker", tmp_path)


def test_requires_sn_and_secret() -> None:
    with pytest.raises(SystemExit, match="sn and secret"):
        gateway_config(args(sn="IOT1"))


def test_rejects_unknown_keys(tmp_path: Path) -> None:
    site = tmp_path / "site.yaml"
    site.write_text("sn: A1\nsecret: secret1\nperiod: 5\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="unknown settings period"):
        gateway_config(args(config=str(site)))
