"""The Vile Ghoul (checklist section 20, VG-01..15): its dice chart and its goals; it shares the Ghoul's movement, collecting, attacks and Terror deck."""
