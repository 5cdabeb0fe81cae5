import { bodyForDisplay, REDACTED, redactBody, redactHeaders, redactText } from '../../domain/webhook-response';
import { statusRange } from '../../domain/request-log';

const SECRET = 'whsec_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789+/abcd=';

describe("what an attempt keeps of the receiver's answer", () => {
  it('redacts credential headers whole and secret-looking spans of the others, keeping the rest', () => {
    expect(
      redactHeaders(
        {
          'Set-Cookie': ['a=1', 'b=2'],
          'X-Session-Id': 'abc',
          'X-Auth-Token': 'abc',
          'Content-Type': 'text/plain',
          'X-Debug': `echo ${SECRET} and Bearer abcdefghijkl`,
          'X-Missing': undefined,
        },
        [SECRET],
      ),
    ).toEqual({
      'set-cookie': REDACTED,
      'x-session-id': REDACTED,
      'x-auth-token': REDACTED,
      'content-type': 'text/plain',
      'x-debug': `echo ${REDACTED} and Bearer ${REDACTED}`,
    });
  });

  it('redacts our secret, bare or cut at the end of the capture, and key=value secrets in JSON and forms', () => {
    expect(redactText(`{"s":"${SECRET.slice(6)}"}`, [SECRET, SECRET.slice(6)])).toBe(`{"s":"${REDACTED}"}`);
    expect(redactText(`tail ${SECRET.slice(0, 20)}`, [SECRET])).toBe(`tail ${REDACTED}`);
    expect(redactText('{"password": "hunter22", "ok": 1}', [])).toBe(`{"password": "${REDACTED}", "ok": 1}`);
    expect(redactText('a=1&client_secret=xyz&b=2', [])).toBe(`a=1&client_secret=${REDACTED}&b=2`);
    expect(redactText('key hub_live_a1B2c3D4e5F6_secretpart and eyJhbGciOi.eyJzdWIiOi.sig', [])).toBe(`key ${REDACTED} and ${REDACTED}`);
    expect(redactText('nothing to see here: 200 OK', [])).toBe('nothing to see here: 200 OK');
  });

  it('leaves binary bytes as received around what it redacts', () => {
    const binary = Buffer.concat([Buffer.from([0, 255, 128, 10]), Buffer.from(SECRET), Buffer.from([200, 201])]);
    const kept = redactBody(binary, [SECRET]);
    expect(kept).toEqual(Buffer.concat([Buffer.from([0, 255, 128, 10]), Buffer.from(REDACTED), Buffer.from([200, 201])]));
    const untouched = Buffer.from([1, 2, 3, 250]);
    expect(redactBody(untouched, [SECRET])).toBe(untouched);
  });

  it('shows UTF-8 as text (a character cut by the limit left out) and anything else as base64', () => {
    expect(bodyForDisplay(Buffer.from('héllo'), false)).toEqual({ body: 'héllo', body_encoding: 'utf8' });
    const cut = Buffer.from('ab€').subarray(0, 3); // "ab" and the first byte of "€"
    expect(bodyForDisplay(cut, true)).toEqual({ body: 'ab', body_encoding: 'utf8' });
    expect(bodyForDisplay(cut, false)).toEqual({ body: cut.toString('base64'), body_encoding: 'base64' });
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff]);
    expect(bodyForDisplay(png, false)).toEqual({ body: png.toString('base64'), body_encoding: 'base64' });
  });

  it("reads the request log's status filter as one status or a class", () => {
    expect(statusRange('404')).toEqual([404, 404]);
    expect(statusRange('5xx')).toEqual([500, 599]);
  });
});
