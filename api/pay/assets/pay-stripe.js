/* The hosted payment page with Stripe (PAYMENT_PROVIDER=stripe): the card is typed into Stripe's Payment Element (a
 * frame of js.stripe.com, so the number never reaches this page or the hub); Stripe.js makes a PaymentMethod of it and
 * the hub gets only its id. When the issuer asks for 3-D Secure, Stripe.js shows the challenge (handleNextAction with
 * the PaymentIntent's client secret the hub asks Stripe for); the page then follows the payment to its end. */
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
  if (!form || typeof Stripe !== 'function') return; // paid already, or Stripe.js did not load
  var stripe = Stripe(form.getAttribute('data-publishable-key'));
  var elements = stripe.elements({
    mode: 'payment',
    amount: Number(form.getAttribute('data-amount')),
    currency: form.getAttribute('data-currency'),
    paymentMethodCreation: 'manual',
    paymentMethodTypes: ['card'],
  });
  elements.create('payment').mount('#payment-element');
  var polling = null;
  var paymentId = null;
  var acting = false;

  /** The issuer's challenge through Stripe.js; an off-session payment Stripe wants authenticated is confirmed here. */
  function act() {
    if (acting) return;
    acting = true;
    var base = '/pay/' + token + '/payments/' + paymentId;
    json('GET', base + '/action')
      .then(function (reply) {
        if (reply.status !== 200) return null;
        var secret = reply.data.client_secret;
        return stripe.handleNextAction({ clientSecret: secret }).then(function (answer) {
          if (answer.error && answer.error.code === 'payment_intent_unexpected_state')
            return stripe.confirmCardPayment(secret, { payment_method: reply.data.payment_method });
          return answer;
        });
      })
      .then(function () {
        return json('POST', base + '/refresh');
      })
      .finally(function () {
        acting = false;
      });
  }

  function follow() {
    json('GET', '/pay/' + token + '/state').then(function (reply) {
      var p = reply.data.payment;
      if (!p || p.id !== paymentId) return;
      if (p.status === 'requires_action') return act();
      if (p.status === 'succeeded') {
        form.hidden = true;
        clearInterval(polling);
        show('Paid. Thank you: a confirmation goes to your accounts team.', 'paid');
      } else if (p.status === 'failed') {
        clearInterval(polling);
        busy(false);
        show((REASONS[p.reason] || 'The payment failed (' + p.reason + ').') + ' You can try another card.', 'failed');
      }
    });
  }

  function start(id) {
    paymentId = id;
    busy(true);
    polling = setInterval(follow, 1000);
    follow();
  }

  // A payment already waiting for the cardholder (collected off session from a saved card): its challenge, here.
  json('GET', '/pay/' + token + '/state').then(function (reply) {
    var p = reply.data.payment;
    if (p && p.status === 'requires_action' && !paymentId) start(p.id);
  });

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    $('error').textContent = '';
    $('result').hidden = true;
    busy(true);
    elements
      .submit()
      .then(function (checked) {
        if (checked.error) throw new Error(checked.error.message);
        return stripe.createPaymentMethod({ elements: elements });
      })
      .then(function (made) {
        if (made.error) throw new Error(made.error.message);
        return json('POST', '/pay/' + token + '/payments', {
          payment_method: made.paymentMethod.id,
          save_card: form.elements.save_card.checked,
        });
      })
      .then(function (reply) {
        if (reply.status !== 201) throw new Error(reply.data.detail || 'The payment could not be started.');
        start(reply.data.payment_id);
      })
      .catch(function (err) {
        busy(false);
        $('error').textContent = err.message;
      });
  });
})();
