"""Schemathesis extensions for the hub's fuzz runs (loaded through `hooks` in schemathesis.toml)."""

import itertools
import json
import re

import schemathesis



# Field errors of rules beyond JSON Schema: zod refinements (`custom`), a booking that disagrees with its quote
# (`quote_mismatch`), a webhook URL that is well formed but not allowed for the key's mode (`invalid_url`: http or a
# private address in live mode), a sandbox-only header from a live credential (`sandbox_only`).
BUSINESS_RULE_CODES = {"custom", "quote_mismatch", "invalid_url", "sandbox_only"} | {
    # A chauffeur's billing identity (docs/errors.md): check digits, identifiers' formats once compacted, and rules
    # between fields (a French chauffeur's SIREN, the normal regime's VAT number, the franchise's country).
    "required",
    "siren_invalid",
    "siret_invalid",
    "siret_siren_mismatch",
    "vat_id_invalid",
    "electronic_address_invalid",
    "franchise_outside_france",
    "franchise_with_vat_id",
}


# On the Partner API (/v1), a `custom` error of schema-valid input may only be one of these rules: each compares a
# field with the clock or with another field, which a JSON Schema cannot state (the document states everything else,
# e.g. the seats and luggage of each vehicle class). Any other `custom` error there means the document leaves out a
# rule the server applies.
PARTNER_RULES_BEYOND_SCHEMA = {
    "pickup time is in the past",
    "pickup time is more than a year ahead",
    "to must be after from",
    "expected a next_cursor from a previous page",
}


# Query parameters are documented one by one, so a rule between two of them has no place in the document: the seats
# of the vehicle class that GET /v1/quotes names beside `pax` (a request body states it, with if/then per class).
_RULE_BETWEEN_QUERY_PARAMETERS = re.compile(r"^\w+ seats at most \d+ passengers$")


# The characters no request string may hold (docs/errors.md): the document states them as `not: {pattern: "[…]"}`,
# a class without the `u` flag, which has no spelling for an astral noncharacter (U+1FFFE … U+10FFFF); the API
# refuses those too (`forbidden_character`).
_ASTRAL_CHARACTER = re.compile(r"U\+[0-9A-F]{5,6}\b")


def _beyond_json_schema(path, error):
    """Whether a field error of schema-valid input is a documented rule that JSON Schema cannot express."""
    if error.get("code") == "forbidden_character":
        return bool(_ASTRAL_CHARACTER.search(error.get("detail") or ""))
    if error.get("code") not in BUSINESS_RULE_CODES:
        return False
    if error.get("code") == "custom" and path.startswith("/v1/"):
        detail = error.get("detail")
        between_parameters = str(error.get("param")).startswith("query.") and _RULE_BETWEEN_QUERY_PARAMETERS.match(detail or "")
        return detail in PARTNER_RULES_BEYOND_SCHEMA or bool(between_parameters)
    return True


@schemathesis.check
def positive_data_passes_request_schemas(ctx, response, case):
    """Schema-valid input never fails the API's own request schemas.

    schemathesis.toml lets `positive_data_acceptance` see 422 for schema-valid input, because this API answers 422 to
    rules JSON Schema cannot state (a pickup time in the past, `to` not after `from`, an Idempotency-Key reused with
    another request). This check keeps the rest of what that check guards: a 422 `validation_failed` for positive
    input may only carry `custom` errors (zod refinements, i.e. those rules; on the Partner API only the ones of
    PARTNER_RULES_BEYOND_SCHEMA), or the other codes of BUSINESS_RULE_CODES; any other code (`invalid_type`,
    `too_small`, `invalid_value`, `unrecognized_keys`…) means the served OpenAPI schema is looser than the API's.
    """
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    try:
        problem = response.json()
    except Exception:
        return None  # content_type_conformance and response_schema_conformance report a body that is not JSON
    if not isinstance(problem, dict) or problem.get("code") != "validation_failed":
        return None  # another 422 code is a documented rule beyond the schema
    strict = [error for error in problem.get("errors") or [] if not _beyond_json_schema(case.operation.path, error)]
    if strict:
        fields = ", ".join(f"{error.get('param')} ({error.get('code')}: {error.get('detail')})" for error in strict)
        raise AssertionError(f"Schema-valid input failed the API's request validation: {fields}. The OpenAPI schema is looser than the API.")
    return None


# Partner booking references (`external_id`) the run has sent, with the request (body and headers) each was first sent with.
_first_body_of_reference: dict[str, str] = {}
_fresh_references = itertools.count(1)


def _fresh_external_id(case):
    """Gives a booking's `external_id` already sent with another body a fresh value.

    A partner's `external_id` names one booking: sent again with another request, the API answers 409 `conflict`.
    The coverage phase varies one field at a time around the example, all with the example's `external_id`, so
    nearly every generated booking would stop at that 409 and never reach pricing and the workflow. Identical bodies
    requests (body and headers) keep their reference, so the 409 and the replay are still exercised.
    """
    body = case.body
    if case.method != "POST" or case.operation.path != "/v1/bookings" or not isinstance(body, dict):
        return
    reference = body.get("external_id")
    if not isinstance(reference, str) or not 1 <= len(reference) <= 128:
        return
    request = lambda: json.dumps([body, case.headers], sort_keys=True, default=str)  # noqa: E731
    if _first_body_of_reference.setdefault(reference, request()) != request():
        body["external_id"] = f"fuzz-ref-{next(_fresh_references)}"
        _first_body_of_reference[body["external_id"]] = request()


# Idempotency-Key values the run has sent, with the request each was first sent with.
_first_request_of_key: dict[str, str] = {}
_fresh_keys = itertools.count(1)
# The documented form (api/openapi.ts, components.parameters.IdempotencyKey).
_VALID_KEY = re.compile(r"^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$")


@schemathesis.hook
def before_call(context, case, kwargs):
    """Gives a booking reference (see _fresh_external_id), and a valid Idempotency-Key, already sent with another
    request a fresh value.

    Generated cases reuse the few example keys constantly, and the API rightly answers a key reused with a different
    request with 422 `idempotency_key_reused` before it looks at the body: nearly every create would stop there and the
    body would go untested. Identical requests keep their key, so replays are still exercised; malformed keys are
    left alone (they are negative cases).
    """
    _fresh_external_id(case)
    headers = case.headers or {}
    name = next((header for header in headers if header.lower() == "idempotency-key"), None)
    if name is None:
        return
    key = headers[name]
    if not isinstance(key, str) or len(key) > 255 or not _VALID_KEY.match(key):
        return
    request = json.dumps([case.method, case.formatted_path, case.query, case.body], sort_keys=True, default=str)
    if _first_request_of_key.setdefault(key, request) != request:
        fresh = f"fuzz-{next(_fresh_keys)}"
        _first_request_of_key[fresh] = request
        headers[name] = fresh
