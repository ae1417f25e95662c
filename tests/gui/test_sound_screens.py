"""Sound at the table and in Settings (issue 27 item 7), driven with real pygame events: the
Settings' volume slider and Mute button are saved and applied to the sounds; the table sounds
the game's events and the curtain its hand-off, and the end a win or a loss; with no audio
device the app runs silently and Settings says why.  A fake device records what plays."""
from __future__ import annotations

import pygame
import pytest
from sound_fakes import FakeMixer

from vast_desktop.audio.cues import SoundCue
from vast_desktop.audio.player import PygameMixer, SoundPlayer
from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup
from vast_desktop.render import text as text_mod
from vast_desktop.render import theme
from vast_desktop.screens.handoff import HandoffScreen
from vast_desktop.screens.settings_screen import SOUND_NOTE, SettingsScreen
from vast_desktop.screens.table import TableScreen
from vast_desktop.screens.title import TitleScreen
from vast_desktop.session import Seat, Session
from vast_desktop.settings import autosave_path, load_settings

from .test_screens import button_named, click, frames


@pytest.fixture(autouse=True)
def fresh_fonts():
    """Fonts cached by an earlier test's pygame session are dead after pygame.quit()."""
    theme.font.cache_clear()
    text_mod._render.cache_clear()
    yield


def fake_sound(app) -> FakeMixer:
    mixer = FakeMixer()
    app.sound = SoundPlayer(app.settings, mixer)
    mixer.names(app.sound)
    return mixer


def drawn(app) -> str:
    text_mod.DRAWN.clear()
    frames(app, 1)
    return " ".join(text_mod.DRAWN)


def played(mixer: FakeMixer) -> list[str]:
    return [name for name, _ in mixer.played]


def test_volume_and_mute_are_saved_and_applied_to_the_sounds(app) -> None:
    mixer = fake_sound(app)
    app.replace(TitleScreen(app))
    frames(app)
    click(app, button_named(app, "Settings"))
    screen = app.top
    assert isinstance(screen, SettingsScreen)
    assert "70%" in drawn(app) and SOUND_NOTE in drawn(app)
    for _ in range(2):
        click(app, screen.volume_slider.left_button)
    click(app, screen.mute_button)
    assert screen.mute_button.text == "Muted" and "muted" in drawn(app)
    click(app, screen.save_button)

    stored = load_settings()
    assert stored.sound_volume == pytest.approx(0.6) and stored.sound_muted is True
    assert app.sound.volume == pytest.approx(0.6) and app.sound.muted
    assert all(s.volume == pytest.approx(0.6) for s in mixer.loaded)
    assert not app.sound.play(SoundCue.DICE) and mixer.played == []

    # reopened, the button shows the stored mute; unmuting lets the effects sound at the stored volume
    click(app, button_named(app, "Settings"))
    screen = app.top
    assert screen.mute_button.text == "Muted"
    click(app, screen.mute_button)
    click(app, screen.save_button)
    assert load_settings().sound_muted is False
    assert app.sound.play(SoundCue.DICE)
    assert mixer.played == [("dice", pytest.approx(0.6))]


def test_the_table_sounds_the_curtain_and_the_caves_tiles(app) -> None:
    mixer = fake_sound(app)
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0})
    app.session = Session.new(Setup(roles=("knight", "cave"), seed=4), {r: Seat(True) for r in ("knight", "cave")},
                              autosave_path())
    app.replace(TableScreen(app))
    frames(app, 2)
    # the game as it stands when the table opens is silent; two people: it opens behind the curtain
    assert isinstance(app.top, HandoffScreen) and played(mixer) == ["curtain"]
    app.top.reveal()
    frames(app, 1)
    assert played(mixer) == ["curtain"]
    bot = RandomBot(4)
    session = app.session
    while "tile_placed" not in played(mixer):
        assert len(session.game.choices) < 60, played(mixer)
        if isinstance(app.top, HandoffScreen):
            assert played(mixer)[-1] == "curtain"
            app.top.reveal()
        else:
            session.choose(bot(None, session.game.pending))
        frames(app, 1)
    assert "curtain" in played(mixer)
    assert set(played(mixer)) <= {cue.value for cue in SoundCue}


def test_the_end_of_the_game_sounds_a_win_or_a_loss(app) -> None:
    mixer = fake_sound(app)
    app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 10.0})
    app.session = Session.new(Setup(roles=("knight", "cave"), seed=4),
                              {"knight": Seat(True), "cave": Seat(False, "random")}, autosave_path())
    app.replace(TableScreen(app))
    frames(app, 2)
    session = app.session
    bot = RandomBot(9)
    while session.game.outcome is None:
        session.choose(bot(None, session.game.pending)) if session.human_to_decide else session.step_bot()
    frames(app, 2)
    won = "knight" in session.game.outcome.winners
    assert played(mixer) == ["win" if won else "loss"]


def test_no_audio_device_runs_silently_and_settings_say_why(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("VAST_DESKTOP_HOME", str(tmp_path / "home"))

    def no_device(self) -> None:
        raise pygame.error("No available audio device")

    monkeypatch.setattr(PygameMixer, "start", no_device)
    from vast_desktop.app import App

    app = App(size=(1280, 720))
    try:
        assert app.sound.sounds == {} and "No available audio device" in (app.sound.problem or "")
        app.settings = app.settings.model_copy(update={"animation_speed": 0.0, "bot_pace": 0.0, "reminders": False})
        app.session = Session.new(Setup(roles=("knight", "cave"), seed=2),
                                  {"knight": Seat(False, "random"), "cave": Seat(False, "random")}, autosave_path())
        app.replace(TableScreen(app))
        frames(app, 30)                           # computer players move; every event meets a silent player
        assert len(app.session.game.choices) > 5
        app.push(HandoffScreen(app, "cave"))      # the curtain's cue: silent too
        frames(app, 1)
        app.replace(TitleScreen(app))
        app.push(SettingsScreen(app))
        assert "No sound: the audio device could not be opened" in drawn(app)
    finally:
        pygame.quit()
