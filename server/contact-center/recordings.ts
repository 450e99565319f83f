// Call recordings: the one place a real recording provider plugs in (docs/spec/DECISIONS.md, stand-ins at the
// boundary). A provider turns a recording row (its provider_ref and duration) into audio. The
// reference API cannot reach one, so RECORDINGS_PROVIDER unset or 'stand-in' gives a generated WAV:
// deterministic (from the reference), as long as the call, quiet tones a browser plays. A real
// provider (Twilio's Recordings API: GET /2010-04-01/Accounts/{sid}/Recordings/{ref}.wav) would be
// another RecordingProvider chosen here from the environment.

export interface RecordingRef {
  providerRef: string;
  durationSeconds: number;
}
export interface RecordingAudio {
  contentType: string;
  body: Uint8Array;
}
export interface RecordingProvider {
  audio(recording: RecordingRef): Promise<RecordingAudio>;
}

const SAMPLE_RATE = 8000; // telephone quality: 8 kHz, 8-bit mono, 8 kB a second

/** A valid PCM WAV of `seconds`: a short soft tone every two seconds, its pitch taken from `seed`. */
export function standInWav(seed: string, seconds: number): Uint8Array {
  const samples = SAMPLE_RATE * seconds;
  const out = new Uint8Array(44 + samples);
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) out[at + i] = s.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, SAMPLE_RATE, true);
  view.setUint32(28, SAMPLE_RATE, true);
  view.setUint16(32, 1, true);
  view.setUint16(34, 8, true);
  text(36, 'data');
  view.setUint32(40, samples, true);
  let hash = 0;
  for (const ch of seed) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const pitch = 300 + (hash % 300);
  const step = (2 * Math.PI * pitch) / SAMPLE_RATE;
  const toneLength = SAMPLE_RATE / 4;
  for (let i = 0; i < samples; i++) {
    const inTone = i % (2 * SAMPLE_RATE) < toneLength;
    out[44 + i] = inTone ? 128 + Math.round(24 * Math.sin(step * i)) : 128;
  }
  return out;
}

const standIn: RecordingProvider = {
  audio: async (r) => ({ contentType: 'audio/wav', body: standInWav(r.providerRef, r.durationSeconds) }),
};

/** The configured provider; only the stand-in exists in the reference API. */
export function recordingProvider(env: NodeJS.ProcessEnv = process.env): RecordingProvider {
  const name = env['RECORDINGS_PROVIDER'] ?? 'stand-in';
  if (name !== 'stand-in') throw new Error(`RECORDINGS_PROVIDER=${name}: no such recording provider (only stand-in)`);
  return standIn;
}
