"""Tests of iotyun/devices/groups/."""
