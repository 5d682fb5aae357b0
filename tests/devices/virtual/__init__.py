"""Tests of iotyun/devices/virtual/."""
