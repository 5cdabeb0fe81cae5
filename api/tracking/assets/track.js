/* The passenger tracking page: renders the ride, then follows /track/<token>/events (Server-Sent Events).
 * Without a tile server the map is an SVG drawn from the coordinates (works offline); with one, Leaflet draws it. */
(function () {
  'use strict';
  var app = document.getElementById('app');
  var state = JSON.parse(document.getElementById('initial').textContent);
  var $ = function (id) {
    return document.getElementById(id);
  };
  var SVG = 'http://www.w3.org/2000/svg';
  var map = null;

  function svgMap() {
    var svg = document.createElementNS(SVG, 'svg');
    svg.setAttribute('viewBox', '0 0 1000 1000');
    svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
    svg.setAttribute('role', 'img');
    var route = document.createElementNS(SVG, 'line');
    route.setAttribute('class', 'route');
    var pickup = document.createElementNS(SVG, 'circle');
    pickup.setAttribute('class', 'pickup');
    pickup.setAttribute('r', '14');
    var dropoff = document.createElementNS(SVG, 'circle');
    dropoff.setAttribute('class', 'dropoff');
    dropoff.setAttribute('r', '14');
    var car = document.createElementNS(SVG, 'circle');
    car.setAttribute('id', 'car');
    car.setAttribute('class', 'car');
    car.setAttribute('r', '18');
    [route, pickup, dropoff, car].forEach(function (el) {
      svg.appendChild(el);
    });
    $('map').appendChild(svg);
    return {
      draw: function (s) {
        var points = [s.pickup, s.dropoff].concat(s.position ? [s.position] : []);
        var k = Math.cos((s.pickup.lat * Math.PI) / 180);
        var xs = points.map(function (p) {
          return p.lng * k;
        });
        var ys = points.map(function (p) {
          return p.lat;
        });
        var minX = Math.min.apply(null, xs);
        var maxX = Math.max.apply(null, xs);
        var minY = Math.min.apply(null, ys);
        var maxY = Math.max.apply(null, ys);
        var span = Math.max(maxX - minX, maxY - minY, 1e-4);
        var project = function (p) {
          return [
            100 + ((p.lng * k - minX) / span) * 800 + (800 - ((maxX - minX) / span) * 800) / 2,
            900 - ((p.lat - minY) / span) * 800 - (800 - ((maxY - minY) / span) * 800) / 2,
          ];
        };
        var a = project(s.pickup);
        var b = project(s.dropoff);
        route.setAttribute('x1', a[0]);
        route.setAttribute('y1', a[1]);
        route.setAttribute('x2', b[0]);
        route.setAttribute('y2', b[1]);
        pickup.setAttribute('cx', a[0]);
        pickup.setAttribute('cy', a[1]);
        dropoff.setAttribute('cx', b[0]);
        dropoff.setAttribute('cy', b[1]);
        if (s.position) {
          var c = project(s.position);
          car.setAttribute('cx', c[0]);
          car.setAttribute('cy', c[1]);
          car.setAttribute('data-lat', s.position.lat);
          car.setAttribute('data-lng', s.position.lng);
          car.removeAttribute('visibility');
        } else {
          car.setAttribute('visibility', 'hidden');
          car.removeAttribute('data-lat');
          car.removeAttribute('data-lng');
        }
      },
    };
  }

  function leafletMap(L) {
    var m = L.map('map', { zoomControl: false, attributionControl: true });
    L.tileLayer(app.getAttribute('data-tiles'), { maxZoom: 19, attribution: app.getAttribute('data-attribution') || '' }).addTo(m);
    var route = L.polyline([], { color: '#5b6b82', dashArray: '6 6' }).addTo(m);
    var pickup = L.circleMarker([0, 0], { radius: 8, color: '#1f9d55', fillOpacity: 1 }).addTo(m);
    var dropoff = L.circleMarker([0, 0], { radius: 8, color: '#d64545', fillOpacity: 1 }).addTo(m);
    var car = L.circleMarker([0, 0], { radius: 10, color: '#fff', fillColor: '#0a5cff', fillOpacity: 1, weight: 3 });
    var fitted = false;
    return {
      draw: function (s) {
        var a = [s.pickup.lat, s.pickup.lng];
        var b = [s.dropoff.lat, s.dropoff.lng];
        route.setLatLngs([a, b]);
        pickup.setLatLng(a);
        dropoff.setLatLng(b);
        var points = [a, b];
        if (s.position) {
          car.setLatLng([s.position.lat, s.position.lng]).addTo(m);
          points.push([s.position.lat, s.position.lng]);
        } else {
          car.remove();
        }
        if (!fitted) {
          m.fitBounds(points, { padding: [32, 32] });
          fitted = true;
        }
      },
    };
  }

  function render(s) {
    $('headline').textContent = s.headline;
    $('eta').textContent = s.eta_minutes === null ? '' : s.eta_minutes === 0 ? 'Now' : s.eta_minutes + ' min';
    $('driver').textContent = s.driver ? s.driver.first_name : 'Not assigned yet';
    $('vehicle').textContent = s.vehicle ? s.vehicle.color + ' ' + s.vehicle.make + ' ' + s.vehicle.model : '—';
    $('plate').textContent = s.vehicle ? s.vehicle.plate : '—';
    if (s.position) $('live').textContent = 'Position at ' + new Date(s.position.at).toLocaleTimeString();
    else $('live').textContent = '';
    app.setAttribute('data-status', s.status);
    map.draw(s);
  }

  map = app.getAttribute('data-tiles') && window.L ? leafletMap(window.L) : svgMap();
  render(state);
  if (!state.ended && window.EventSource) {
    var source = new EventSource(app.getAttribute('data-events'));
    source.onmessage = function (event) {
      state = JSON.parse(event.data);
      render(state);
      if (state.ended) source.close();
    };
  }
})();
