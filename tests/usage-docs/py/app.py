"""The Python side: the generated package's factories and a raw code string."""

from acme_errors import errors


def validate(field):
    if not field:
        raise errors.frm_validation(field=field)


def run(tool):
    raise errors.unknown_tool(tool=tool)


def legacy():
    return {"code": "ACM-FRM-003"}
