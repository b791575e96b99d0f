"""Text that XML 1.0 can hold, for every XML export (GraphML, SVG).

A design element's name may hold characters no XML 1.0 document can contain — control
characters such as ``\\x01`` or ``\\x0b``, the non-characters U+FFFE and U+FFFF, a lone
surrogate from an old file — and a document holding one is malformed: other tools
refuse to open it. Exports therefore write each of them as U+FFFD (the replacement
character, ``�``), so the reader sees that something stood there. Tabs, line breaks
and everything else (quotes, ``<>&``, right-to-left marks, emoji) are kept, escaped as
XML requires.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape, quoteattr

REPLACEMENT = "\ufffd"

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")
"""Characters outside XML 1.0's ``Char`` production (XML 1.0 §2.2)."""


def xml_safe(text: str) -> str:
    """``text`` with every character XML 1.0 cannot hold replaced by U+FFFD."""
    return _NOT_XML.sub(REPLACEMENT, text)


def xml_text(text: str) -> str:
    """``text`` as XML character data: made safe, ``<>&`` escaped, and a carriage
    return written as ``&#13;`` so that parsing gives it back."""
    return escape(xml_safe(text), {"\r": "&#13;"})


def xml_attribute(text: str) -> str:
    """``text`` as a quoted XML attribute value (quotes, ``<>&``, tabs and line breaks
    escaped, so parsing gives it back)."""
    return quoteattr(xml_safe(text))
