/* What both card forms of the hosted payment page share (pay.js for the simulated PSP, pay-stripe.js for Stripe):
 * the page's token, the decline reasons in words, the result line, the busy button and the JSON calls to the hub. */
(function () {
  'use strict';
  var $ = function (id) {
    return document.getElementById(id);
  };
  var REASONS = {
    '3ds_challenge_abandoned': 'The authentication with your bank was not completed.',
    '3ds_authentication_failed': 'Your bank could not authenticate this payment.',
    card_declined: 'Your card was declined.',
    insufficient_funds: 'Your card has insufficient funds.',
    expired_card: 'Your card has expired.',
    processing_error: 'An error occurred while processing your card. Try again.',
  };

  function show(text, kind) {
    var result = $('result');
    result.hidden = false;
    result.className = 'result ' + kind;
    result.textContent = text;
  }

  function busy(on) {
    $('pay').disabled = on;
  }

  function json(method, url, body) {
    return fetch(url, {
      method: method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    }).then(function (res) {
      return res.json().then(function (data) {
        return { status: res.status, data: data };
      });
    });
  }

  window.hubPay = { token: $('app').getAttribute('data-token'), $: $, REASONS: REASONS, show: show, busy: busy, json: json };
})();
