"""Tests of iotyun/devices/districts/."""
