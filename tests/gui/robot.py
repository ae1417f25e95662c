"""The robot player lives in the app package (``python -m vast_desktop tutorial --check`` uses it too)."""
from vast_desktop.headless.robot import Robot

__all__ = ["Robot"]
