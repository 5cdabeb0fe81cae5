/* The hosted payment page: the card goes to the PSP's card endpoint (never to the hub), the token to the hub, then the
 * page follows the payment: the issuer's challenge in a frame when the bank asks for one, and the result. */
(function () {
  'use strict';
  var common = window.hubPay;
  var token = common.token;
  var $ = common.$;
  var REASONS = common.REASONS;
  var show = common.show;
  var busy = common.busy;
  var json = common.json;
  var form = $('card-form');
  if (!form) return; // paid already
  var polling = null;
  var paymentId = null;

  function follow() {
    json('GET', '/pay/' + token + '/state').then(function (reply) {
      var p = reply.data.payment;
      if (!p || p.id !== paymentId) return;
      var challenge = $('challenge');
      if (p.status === 'requires_action' && p.challenge_url) {
        if (challenge.hidden) {
          $('challenge-frame').src = p.challenge_url;
          challenge.hidden = false;
        }
        return;
      }
      if (p.status === 'succeeded') {
        challenge.hidden = true;
        form.hidden = true;
        clearInterval(polling);
        show('Paid. Thank you: a confirmation goes to your accounts team.', 'paid');
      } else if (p.status === 'failed') {
        challenge.hidden = true;
        clearInterval(polling);
        busy(false);
        show((REASONS[p.reason] || 'The payment failed (' + p.reason + ').') + ' You can try another card.', 'failed');
      }
    });
  }

  // A payment already waiting for the cardholder (collected off session from a saved card): its challenge, here.
  json('GET', '/pay/' + token + '/state').then(function (reply) {
    var p = reply.data.payment;
    if (!p || p.status !== 'requires_action' || paymentId) return;
    paymentId = p.id;
    busy(true);
    polling = setInterval(follow, 500);
    follow();
  });

  $('cancel-challenge').addEventListener('click', function () {
    if (paymentId) json('POST', '/pay/' + token + '/payments/' + paymentId + '/cancel');
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    $('error').textContent = '';
    $('result').hidden = true;
    var exp = form.elements.exp.value.split('/');
    busy(true);
    // The card goes to the PSP's own endpoint, as a real PSP's hosted fields take it: the hub gets only the token.
    json('POST', '/psp-sim/v1/payment_methods', {
      number: form.elements.number.value,
      exp_month: Number(exp[0]),
      exp_year: Number(exp[1]),
      cvc: form.elements.cvc.value,
      name: form.elements.name.value,
    })
      .then(function (card) {
        if (card.status !== 200) throw new Error(card.data.error.message);
        return json('POST', '/pay/' + token + '/payments', { payment_method: card.data.id, save_card: form.elements.save_card.checked });
      })
      .then(function (reply) {
        if (reply.status !== 201) throw new Error(reply.data.detail || 'The payment could not be started.');
        paymentId = reply.data.payment_id;
        polling = setInterval(follow, 500);
        follow();
      })
      .catch(function (err) {
        busy(false);
        $('error').textContent = err.message;
      });
  });
})();
