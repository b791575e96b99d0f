"""Domain exceptions. Each carries a message written for an architect, not a traceback."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from model.i18n import Message


class ArchipelagoError(Exception):
    """Base of every error the model raises on purpose."""


class DesignError(ArchipelagoError):
    """An operation was refused; the design is unchanged.

    ``element_id`` names the element concerned and ``field`` the offending field, when
    there is one, so an editor can point at it. The message is English text, or a
    :class:`~model.i18n.Message` (``text``) whose English is the message, to be shown in
    another language (:func:`model.i18n.error_text`).
    """

    def __init__(self, message: str | Message, element_id: str | None = None,
                 field: str | None = None):
        super().__init__(str(message))
        self.text = None if isinstance(message, str) else message
        self.element_id = element_id
        self.field = field

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled with its message, element and field (an engine process raises it)."""
        return (type(self), (self.text or str(self), self.element_id, self.field))


class DesignFileError(ArchipelagoError):
    """A design file could not be read or written.

    ``path`` is the file, ``field_path`` the location inside it (``islands[3].building``)
    when the problem is in the content. A message given as a
    :class:`~model.i18n.Message` is read in the user's language
    (:func:`model.i18n.error_text`).
    """

    def __init__(self, message: str | Message, path: str | None = None,
                 field_path: str | None = None):
        where = ""
        if path:
            where = f"{path}: "
        if field_path:
            where += f"{field_path}: "
        super().__init__(where + str(message))
        self.path = path
        self.field_path = field_path
        self.detail = str(message)
        self.text: Message | None = None
        if not isinstance(message, str):  # the words translate, the place stays as written
            from model.i18n import Message

            self.text = Message("files", "{where}{detail}", (("where", where),
                                                            ("detail", message)))


class UnsupportedVersionError(DesignFileError):
    """The file was written by a newer Archipelago (or claims an unknown version)."""
