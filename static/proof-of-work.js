/*
 * The forms' proof of work, run as a Web Worker from this site's own origin (src/forms/proof-of-work.ts starts
 * it), so the page stays free while it computes. It gets a challenge (common/forms/proof-of-work.ts: ALTCHA's
 * version 1 format) and answers with the number n from 0 to maxnumber whose SHA-256 of salt + n is the challenge,
 * or null. The browser's own SHA-256 (crypto.subtle) computes the hashes, a batch at a time.
 * Loaded as a plain script (rig/bench-proof.ts), it only defines solveProofOfWork.
 */
"use strict";

var PROOF_BATCH = 200;

function solveProofOfWork(challenge) {
  var encoder = new TextEncoder();
  var target = new Uint8Array(32);
  for (var i = 0; i < 32; i += 1) target[i] = parseInt(challenge.challenge.substr(i * 2, 2), 16);
  var matches = function (digest) {
    var bytes = new Uint8Array(digest);
    for (var j = 0; j < 32; j += 1) if (bytes[j] !== target[j]) return false;
    return true;
  };
  var batch = function (start) {
    if (start > challenge.maxnumber) return Promise.resolve(null);
    var end = Math.min(start + PROOF_BATCH - 1, challenge.maxnumber);
    var hashes = [];
    for (var n = start; n <= end; n += 1) hashes.push(crypto.subtle.digest("SHA-256", encoder.encode(challenge.salt + n)));
    return Promise.all(hashes).then(function (digests) {
      for (var k = 0; k < digests.length; k += 1) if (matches(digests[k])) return start + k;
      return batch(end + 1);
    });
  };
  return batch(0);
}

if (typeof window === "undefined") {
  self.onmessage = function (event) {
    solveProofOfWork(event.data).then(
      function (number) {
        self.postMessage({ number: number });
      },
      function () {
        self.postMessage({ number: null });
      },
    );
  };
}
