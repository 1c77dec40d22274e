"""The student app served to a class (top layer): ``python -m bridgelab.app --class 4b``.

``classroom`` (students, signed cookies, the teacher's figures; no web code), ``pages`` (the
name prompt and the teacher's page as HTML), ``student`` (the Solara page around
``bridgelab.widgets.student.StudentApp``) and ``server`` (the ASGI app and the command).
Nothing here is imported by ``import bridgelab``.
"""

from .classroom import Classroom, JoinRefused, Student, read_roster

__all__ = ["Classroom", "Student", "JoinRefused", "read_roster"]
