"""The map: tiles and walls (``board``), revealing tiles (``reveal``), the Collapse (``collapse``), Terrain
(``terrain``) and Forced Movement (``forced``)."""
