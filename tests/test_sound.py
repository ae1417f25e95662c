"""Sound (issue 27 item 7): the cues, their files, the event table and the player.

* every cue has a recipe and a shipped ``.wav`` that loads, and the shipped files are what
  ``tools/make_sounds.py`` makes (sample for sample, within one step of rounding);
* the one table of event kinds names only kinds the engine logs, and real games' events sound
  placement, reveal, collapse, dice, attack, damage, and a win or a loss by who is at the table;
* the player applies the Settings' volume and mute (a fake device records them), and with no
  audio device, or a missing file, the game is silent, says why, and nothing raises.
"""
from __future__ import annotations

import ast
import importlib.util
import io
import wave
from pathlib import Path

import pygame
import pytest
from sound_fakes import FakeMixer

from vast_desktop.audio import synth
from vast_desktop.audio.cues import EVENT_CUES, MAX_CUES_AT_ONCE, SoundCue, When, cue_for, cues_for
from vast_desktop.audio.player import CHECKOUT_SOUNDS, SoundPlayer, sounds_dir
from vast_desktop.bots.random_bot import RandomBot
from vast_desktop.engine import Setup, new_game
from vast_desktop.engine.game import Game, GameEvent
from vast_desktop.headless.simulate import play_game
from vast_desktop.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "vast_desktop" / "engine"
FIVE = ("knight", "goblins", "dragon", "cave", "thief")


def _tool():
    spec = importlib.util.spec_from_file_location("make_sounds", ROOT / "tools" / "make_sounds.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _samples(data: bytes) -> tuple[tuple[int, int, int], list[int]]:
    with wave.open(io.BytesIO(data)) as w:
        params = (w.getnchannels(), w.getsampwidth(), w.getframerate())
        raw = w.readframes(w.getnframes())
    return params, [int.from_bytes(raw[i:i + 2], "little", signed=True) for i in range(0, len(raw), 2)]


# ---------------------------------------------------------------- the files
def test_every_cue_has_a_recipe_and_a_shipped_file_and_nothing_else_is_shipped() -> None:
    assert set(synth.RECIPES) == set(SoundCue)
    assert Path(str(sounds_dir())) == CHECKOUT_SOUNDS == _tool().SOUNDS
    assert {p.name for p in CHECKOUT_SOUNDS.glob("*.wav")} == {cue.filename for cue in SoundCue}
    assert not [p for p in CHECKOUT_SOUNDS.iterdir() if p.suffix != ".wav"]


@pytest.mark.parametrize("cue", list(SoundCue), ids=lambda c: c.value)
def test_shipped_file_is_what_the_tool_makes_and_is_a_small_loud_enough_mono_wav(cue: SoundCue) -> None:
    shipped = (CHECKOUT_SOUNDS / cue.filename).read_bytes()
    params, samples = _samples(shipped)
    made_params, made = _samples(synth.wav_bytes(cue))
    assert params == made_params == (1, 2, synth.RATE)
    assert len(samples) == len(made), f"{cue.filename} is stale: run tools/make_sounds.py"
    # the same recipe; a libm that rounds a last bit differently may move a sample by one step
    assert max(abs(a - b) for a, b in zip(samples, made, strict=True)) <= 1, \
        f"{cue.filename} is stale: run tools/make_sounds.py"
    peak = max(abs(s) for s in samples)
    assert 0.7 * 32767 < peak <= round(synth.PEAK * 32767), peak      # scaled to the common peak
    assert abs(samples[-1]) <= 1                                        # faded out: no click at the end
    assert 0.1 < len(samples) / synth.RATE < 2.0 and len(shipped) < 100_000


def test_the_recipes_make_the_same_bytes_every_time() -> None:
    for cue in (SoundCue.DICE, SoundCue.CURTAIN):      # the two made mostly of noise
        assert synth.wav_bytes(cue) == synth.wav_bytes(cue)
    assert synth.noise(0.01, 5) == synth.noise(0.01, 5) != synth.noise(0.01, 6)


def test_every_shipped_file_loads_in_pygame_mixer(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    try:
        pygame.mixer.init()
    except pygame.error as exc:            # no dummy driver in this SDL: the files are still checked by wave
        pytest.skip(f"no audio driver: {exc}")
    try:
        for cue in SoundCue:
            sound = pygame.mixer.Sound(file=io.BytesIO((CHECKOUT_SOUNDS / cue.filename).read_bytes()))
            assert 0.1 < sound.get_length() < 2.0, cue
    finally:
        pygame.mixer.quit()


def test_the_tool_writes_every_file_checks_and_removes_left_overs(tmp_path: Path,
                                                                   capsys: pytest.CaptureFixture[str]) -> None:
    tool = _tool()
    out = tmp_path / "sounds"
    assert tool.main(["--check", "--out", str(out)]) == 1                 # nothing there yet
    assert tool.main(["--out", str(out)]) == 0
    for cue in SoundCue:
        assert (out / cue.filename).read_bytes() == synth.wav_bytes(cue)
    (out / "old.wav").write_bytes(b"x")
    assert tool.main(["--check", "--out", str(out)]) == 1
    assert "left over (no cue makes it)" in capsys.readouterr().out
    assert tool.main(["--out", str(out)]) == 0 and not (out / "old.wav").exists()
    assert tool.main(["--check", "--out", str(out)]) == 0


# ---------------------------------------------------------------- the table of event kinds
def _logged_kinds() -> set[str]:
    """Every kind the engine's source passes to ``.log(``: a string, or a module constant naming one."""
    kinds: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
                     for t in n.targets if isinstance(t, ast.Name)
                     and isinstance(n.value, ast.Constant) and isinstance(n.value.value, str)}
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "log"
                    and node.args):
                first = node.args[0]
                if isinstance(first, ast.Constant) and isinstance(first.value, str):
                    kinds.add(first.value)
                elif isinstance(first, ast.Name):
                    assert first.id in constants, f"{path}:{node.lineno}: a log kind this test cannot read"
                    kinds.add(constants[first.id])
    return kinds


def test_the_table_names_only_kinds_the_engine_logs() -> None:
    logged = _logged_kinds()
    assert {"tile_placed", "die_roll", "game_over", "knight_attacks_thief"} <= logged
    assert set(EVENT_CUES) <= logged, sorted(set(EVENT_CUES) - logged)
    assert {rule.cue for rule in EVENT_CUES.values()} == set(SoundCue) - {SoundCue.CURTAIN, SoundCue.LOSS}


@pytest.fixture(scope="module")
def five_role_games() -> list[Game]:
    games = []
    for seed in range(3):
        result = play_game(Setup(roles=FIVE, seed=seed), keep=True)
        assert result.finished and result.game is not None
        games.append(result.game)
    return games


def test_real_games_sound_every_moment_that_matters(five_role_games: list[Game]) -> None:
    heard: dict[SoundCue, set[str]] = {}
    for g in five_role_games:
        for e in g.events:
            cue = cue_for(e, humans=g.outcome.winners if g.outcome else ())
            if cue is not None:
                heard.setdefault(cue, set()).add(e.kind)
                assert e.public.strip(), f"{e.kind} sounds but has no public words: a sound would tell more than the log"
    assert {"tile_placed"} <= heard[SoundCue.TILE_PLACED]
    assert {"tile_revealed"} <= heard[SoundCue.TILE_REVEALED]
    assert {"tile_removed"} <= heard[SoundCue.TILE_COLLAPSED]
    assert {"die_roll"} <= heard[SoundCue.DICE]
    assert heard[SoundCue.ATTACK] & {"goblin_attack", "knight_attack", "dragon_attack", "ambush"}
    assert heard[SoundCue.DAMAGE] & {"health", "ambush_hit", "population"}
    assert heard[SoundCue.WIN] == {"game_over"}


def test_the_end_is_a_win_for_a_person_among_the_winners_and_a_loss_otherwise(five_role_games: list[Game]) -> None:
    for g in five_role_games:
        assert g.outcome is not None
        (over,) = [e for e in g.events if e.kind == "game_over"]
        winners = set(g.outcome.winners)
        losers = set(FIVE) - winners
        assert winners and losers
        assert cue_for(over, winners) is SoundCue.WIN
        assert cue_for(over, losers) is SoundCue.LOSS
        assert cue_for(over, {next(iter(winners)), next(iter(losers))}) is SoundCue.WIN   # one of them won
        assert cue_for(over, ()) is SoundCue.WIN          # a watched game of computer players
        assert cues_for(g.events[-5:], losers) == [SoundCue.LOSS]     # the end sounds alone
    nobody = GameEvent(1, "game_over", "The Knight was killed.", data={"winners": []})
    assert cue_for(nobody, {"knight"}) is SoundCue.LOSS


def test_health_sounds_damage_only_when_it_is_lost() -> None:
    assert EVENT_CUES["health"].when is When.LOSING
    lost = GameEvent(1, "health", "The Knight loses 1 Health (x); Health 6.", data={"change": -1})
    regained = GameEvent(1, "health", "The Knight regains 1 Health (x); Health 7.")
    dragon = GameEvent(1, "dragon_health", "The Dragon loses 2 Health (x); Health 3.", data={"change": -2})
    assert cue_for(lost) is cue_for(dragon) is SoundCue.DAMAGE
    assert cue_for(regained) is None
    assert cue_for(GameEvent(1, "cube", "The Knight puts a Hero cube on Strength.")) is None


def test_one_step_sounds_each_cue_once_and_at_most_three(five_role_games: list[Game]) -> None:
    g = five_role_games[0]
    by_step: dict[int, list[GameEvent]] = {}
    for e in g.events:
        by_step.setdefault(e.step, []).append(e)
    many = max(by_step.values(), key=lambda es: len({cue_for(e) for e in es} - {None}))
    cues = cues_for(many)
    assert len(cues) == len(set(cues)) <= MAX_CUES_AT_ONCE
    assert cues == [c for c in dict.fromkeys(cue_for(e) for e in many) if c is not None][:MAX_CUES_AT_ONCE]
    removed = [e for es in by_step.values() for e in es if e.kind == "tile_removed"]
    assert cues_for(removed) == [SoundCue.TILE_COLLAPSED]


# ---------------------------------------------------------------- the player
def _player(settings: Settings | None = None, **kw) -> tuple[SoundPlayer, FakeMixer]:
    mixer = FakeMixer(**kw)
    player = SoundPlayer(settings or Settings(), mixer)
    mixer.names(player)
    return player, mixer


def test_volume_is_applied_to_every_sound_and_each_play() -> None:
    player, mixer = _player(Settings(sound_volume=0.4))
    assert player.problem is None and set(player.sounds) == set(SoundCue)
    assert all(s.volume == 0.4 for s in mixer.loaded)
    assert player.play(SoundCue.DICE)
    player.apply(Settings(sound_volume=0.25))
    assert all(s.volumes[-1] == 0.25 for s in mixer.loaded)
    assert player.play(SoundCue.WIN)
    assert mixer.played == [("dice", 0.4), ("win", 0.25)]


def test_mute_and_volume_zero_play_nothing() -> None:
    player, mixer = _player(Settings(sound_muted=True))
    assert not player.play(SoundCue.ATTACK) and not player.audible
    player.apply(Settings(sound_volume=0.0))
    assert not player.play(SoundCue.ATTACK)
    player.apply(Settings(sound_volume=0.5, sound_muted=False))
    assert player.play(SoundCue.ATTACK)
    assert mixer.played == [("attack", 0.5)]


def test_no_audio_device_is_silent_says_why_and_never_raises() -> None:
    player, mixer = _player(fail="No available audio device")
    assert player.sounds == {} and not mixer.loaded
    assert player.problem == "No sound: the audio device could not be opened (No available audio device)."
    assert not player.play(SoundCue.CURTAIN)
    g = new_game(Setup(roles=("knight", "cave"), seed=1))
    bot = RandomBot(1)
    player.hear(g, {"knight"})
    for _ in range(30):
        g.apply(bot(None, g.pending))
        assert player.hear(g, {"knight"}) == []
    assert mixer.played == []


def test_a_missing_or_broken_file_silences_only_its_cue(tmp_path: Path) -> None:
    for cue in SoundCue:
        if cue is not SoundCue.DICE:
            (tmp_path / cue.filename).write_bytes((CHECKOUT_SOUNDS / cue.filename).read_bytes())
    (tmp_path / SoundCue.WIN.filename).write_bytes(b"RIFF? not a wav")
    mixer = FakeMixer()
    player = SoundPlayer(Settings(), mixer, tmp_path)
    mixer.names(player)
    assert player.problem == f"Some sounds are missing or broken and stay silent: dice.wav, win.wav (in {tmp_path})."
    assert not player.play(SoundCue.DICE) and not player.play(SoundCue.WIN)
    assert player.play(SoundCue.LOSS)
    assert [name for name, _ in mixer.played] == ["loss"]


def test_no_sound_files_at_all_is_silent_and_says_where_it_looked(monkeypatch: pytest.MonkeyPatch) -> None:
    import vast_desktop.audio.player as player_mod

    monkeypatch.setattr(player_mod, "sounds_dir", lambda: None)
    player = SoundPlayer(Settings(), FakeMixer())
    assert player.sounds == {} and not player.play(SoundCue.DICE)
    assert player.problem == f"No sound: the sound files are missing (looked in {CHECKOUT_SOUNDS})."


def test_hearing_a_game_sounds_its_new_events_and_a_new_game_silently() -> None:
    player, mixer = _player()
    g = new_game(Setup(roles=("knight", "cave"), seed=3))
    bot = RandomBot(3)
    for _ in range(3):
        g.apply(bot(None, g.pending))
    assert player.hear(g, {"knight"}) == []               # a game opened as it stands: no replay aloud
    heard: list[SoundCue] = []
    while g.outcome is None:
        before = len(g.events)
        g.apply(bot(None, g.pending))
        got = player.hear(g, {"knight"})
        assert got == cues_for(g.events[before:], {"knight"})
        heard += got
    assert {SoundCue.TILE_PLACED, SoundCue.TILE_REVEALED} <= set(heard)
    assert heard[-1] is (SoundCue.WIN if "knight" in g.outcome.winners else SoundCue.LOSS)
    assert [name for name, _ in mixer.played] == [c.value for c in heard]
    assert player.hear(g, {"knight"}) == []               # nothing new
    undone = new_game(Setup(roles=("knight", "cave"), seed=3))   # another game object (as after an undo)
    assert player.hear(undone, {"knight"}) == []


# ---------------------------------------------------------------- where sound sits
def _imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = "vast_desktop.audio" if node.level == 1 else "vast_desktop" if node.level == 2 else ""
            module = ".".join(p for p in (base, node.module or "") if p)
            found.add(module)
    return found


def test_audio_is_a_client_of_the_engine_and_only_the_player_touches_pygame() -> None:
    """``audio/`` sits beside ``render/``: it reads the engine's events and the settings and never imports the
    screens, the input layer or the app; the cues and their recipes are plain data (no pygame)."""
    audio = ROOT / "vast_desktop" / "audio"
    for path in audio.glob("*.py"):
        bad = {m for m in _imports(path)
               if m.startswith(("vast_desktop.screens", "vast_desktop.input", "vast_desktop.app", "vast_desktop.render"))}
        assert not bad, f"{path.name} imports {bad}"
        if path.name != "player.py":
            assert not {m for m in _imports(path) if m.split(".")[0] in ("pygame", "pygame_gui")}, path.name
