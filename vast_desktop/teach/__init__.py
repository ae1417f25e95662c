"""Words for players, built from ``PlayerView`` only: tooltips and board descriptions (``describe``),
cheat sheets and reminders (``cheatsheets``), the rules reference (``reference``) and the guided tutorial."""
