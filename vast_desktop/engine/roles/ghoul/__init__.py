"""The Ghoul's rules (checklist section 19): its board, its turn, its attacks and skitter, its Terror cards."""
