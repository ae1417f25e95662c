"""Why a clicked target is not an option: routing a click to the rule check that answers it."""
