// Stand-in for https://apis.google.com/js/api.js, which is unreachable from the test machines.
// It provides the small part of gapi that Firebase Auth's popup flow uses against the Auth emulator:
//  - in our page, the SDK calls gapi.load('gapi.iframes') and gapi.iframes.getContext().open(...) to
//    embed the emulator's helper iframe, then iframe.ping / restyle / register('authEvent') / send;
//  - inside that iframe (emulator/auth/iframe), the emulator's script calls window.gapi_onload,
//    gapi.iframes.getContext().getParentIframe(), then register('webStorageSupport') and send('authEvent').
// Both sides talk over postMessage. Messages sent before the other side registers a handler wait for it.
(function () {
  'use strict';
  var TAG = '__writoryGapiStub';
  var nextId = 1;

  function Channel(getTarget) {
    this.getTarget = getTarget;
    this.handlers = {};
    this.waiting = {};
    this.replies = {};
    this.ready = false;
    this.onReady = [];
  }
  Channel.prototype.post = function (message) {
    message[TAG] = message.kind;
    var target = this.getTarget();
    if (target) target.postMessage(message, '*');
  };
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var waiting = this.waiting[name] || [];
    delete this.waiting[name];
    for (var i = 0; i < waiting.length; i++) this.deliver(waiting[i]);
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = nextId++;
    if (typeof callback === 'function') this.replies[id] = callback;
    this.post({ kind: 'send', name: name, data: data, id: id });
  };
  Channel.prototype.deliver = function (message) {
    var handler = this.handlers[message.name];
    if (!handler) {
      (this.waiting[message.name] = this.waiting[message.name] || []).push(message);
      return;
    }
    var self = this;
    Promise.resolve(handler(message.data)).then(function (result) {
      self.post({ kind: 'reply', id: message.id, result: [result] });
    });
  };
  Channel.prototype.receive = function (message) {
    if (message.kind === 'send') this.deliver(message);
    else if (message.kind === 'reply') {
      var callback = this.replies[message.id];
      delete this.replies[message.id];
      // gapi calls a reply's callback and swallows what it throws, as this does: Firebase's web-storage check
      // (_isIframeWebStorageSupported) throws auth/internal-error after its callback every time, by design.
      if (callback) {
        try {
          callback(message.result);
        } catch (ignored) {
          /* as gapi does */
        }
      }
    } else if (message.kind === 'ready') {
      this.ready = true;
      var listeners = this.onReady.splice(0);
      for (var i = 0; i < listeners.length; i++) listeners[i]();
    }
  };
  Channel.prototype.whenReady = function () {
    var self = this;
    return new Promise(function (resolve) {
      if (self.ready) resolve();
      else self.onReady.push(resolve);
    });
  };

  // Every channel of this window, with the window on its other end.
  var channels = [];
  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || !message[TAG]) return;
    for (var i = 0; i < channels.length; i++) {
      if (channels[i].peer() === event.source) channels[i].channel.receive(message);
    }
  });

  // What the SDK gets back from context.open(): one embedded iframe.
  function EmbeddedIframe(element) {
    var channel = new Channel(function () {
      return element.contentWindow;
    });
    channels.push({ channel: channel, peer: function () { return element.contentWindow; } });
    this.element = element;
    this.channel = channel;
  }
  EmbeddedIframe.prototype.restyle = function () {
    return Promise.resolve(true);
  };
  EmbeddedIframe.prototype.ping = function (callback) {
    return this.channel.whenReady().then(function () {
      if (typeof callback === 'function') callback();
      return [];
    });
  };
  EmbeddedIframe.prototype.register = function (name, handler) {
    this.channel.register(name, handler);
  };
  EmbeddedIframe.prototype.send = function (name, data, callback) {
    this.channel.send(name, data, callback);
  };

  var parentChannel = null;
  var context = {
    open: function (options, callback) {
      var element = document.createElement('iframe');
      var attributes = options.attributes || {};
      for (var key in attributes) {
        if (key === 'style') Object.assign(element.style, attributes.style);
        else element.setAttribute(key, attributes[key]);
      }
      var iframe = new EmbeddedIframe(element);
      element.src = options.url;
      (options.where || document.body).appendChild(element);
      return Promise.resolve(typeof callback === 'function' ? callback(iframe) : iframe);
    },
    // Inside the helper iframe: the page that embedded it.
    getParentIframe: function () {
      if (!parentChannel) {
        parentChannel = new Channel(function () {
          return window.parent;
        });
        channels.push({ channel: parentChannel, peer: function () { return window.parent; } });
        parentChannel.post({ kind: 'ready' });
      }
      return parentChannel;
    },
  };

  var iframes = {
    CROSS_ORIGIN_IFRAMES_FILTER: function () {
      return true;
    },
    getContext: function () {
      return context;
    },
    Iframe: EmbeddedIframe,
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = iframes;
  window.gapi.load = function (_name, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    setTimeout(function () {
      if (callback) callback();
    }, 0);
  };

  // api.js?onload=<name> calls window[name]; the emulator's iframe page sets window.gapi_onload instead.
  var script = document.currentScript;
  var onload = script && script.src ? new URL(script.src).searchParams.get('onload') : null;
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    else if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
