from acme_errors import errors


def test_only_tested():
    assert errors.only_tested().code == "ACM-FRM-004"
