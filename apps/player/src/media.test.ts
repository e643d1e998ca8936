// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { applyLook, attachSource, presentationOf, setSound, soundOf } from './media';

describe('look', () => {
  it("scales the screen's volume by the look's, and mutes as the look says", () => {
    expect(soundOf(80, null)).toEqual({ volume: 0.8, muted: false });
    expect(soundOf(80, { volume: 50, fit: null, muted: null })).toEqual({ volume: 0.4, muted: false });
    expect(soundOf(80, { volume: 0, fit: null, muted: null })).toEqual({ volume: 0, muted: true });
    expect(soundOf(0, null)).toEqual({ volume: 0, muted: true });
    expect(soundOf(80, { volume: null, fit: null, muted: true })).toEqual({ volume: 0.8, muted: true });
    // Overlays are quiet unless their look says otherwise.
    expect(soundOf(80, null, true)).toEqual({ volume: 0.8, muted: true });
    expect(soundOf(80, { volume: 100, fit: null, muted: null }, true).muted).toBe(true);
    expect(soundOf(80, { volume: null, fit: null, muted: false }, true)).toEqual({
      volume: 0.8,
      muted: false,
    });
  });

  it('fits images and videos as the look says, contained by default', () => {
    const image = document.createElement('img');
    applyLook(image, null, 100);
    expect(image.style.objectFit).toBe('contain');
    applyLook(image, { volume: null, fit: 'cover', muted: null }, 100);
    expect(image.style.objectFit).toBe('cover');
    const video = document.createElement('video');
    applyLook(video, { volume: 25, fit: 'fill', muted: null }, 80);
    expect(video.style.objectFit).toBe('fill');
    expect(video.volume).toBeCloseTo(0.2);
    expect(video.muted).toBe(false);
  });

  it("keeps a video's look when the screen's volume changes", () => {
    const video = document.createElement('video');
    applyLook(video, { volume: 50, fit: null, muted: null }, 80);
    setSound(video, 40);
    expect(video.volume).toBeCloseTo(0.2);
    setSound(video, 0);
    expect(video.muted).toBe(true);
    const quiet = document.createElement('video');
    applyLook(quiet, null, 80, true);
    setSound(quiet, 100);
    expect(quiet.muted).toBe(true);
  });
});

describe('streams', () => {
  it('plays a live stream as video', () => {
    expect(presentationOf({ kind: 'stream', mime: 'application/vnd.apple.mpegurl' })).toBe('stream');
    expect(presentationOf({ kind: 'stream', mime: 'video/mp4' })).toBe('stream');
  });

  it('gives the browser what it plays itself', async () => {
    const video = document.createElement('video');
    await attachSource(video, 'https://live.example/cam.mp4', 'video/mp4');
    expect(video.getAttribute('src')).toBe('https://live.example/cam.mp4');
    const hls = document.createElement('video');
    hls.canPlayType = () => 'maybe';
    await attachSource(hls, 'https://live.example/tv.m3u8', 'application/vnd.apple.mpegurl');
    expect(hls.getAttribute('src')).toBe('https://live.example/tv.m3u8');
  });

  it('loads hls.js for HLS the browser cannot play, and says when it cannot play it either', async () => {
    const video = document.createElement('video');
    video.canPlayType = () => '';
    // jsdom has no Media Source Extensions: hls.js is loaded, then declines.
    await expect(
      attachSource(video, 'https://live.example/tv.m3u8', 'application/vnd.apple.mpegurl'),
    ).rejects.toThrow('this browser plays neither HLS nor Media Source Extensions');
    expect(video.getAttribute('src')).toBeNull();
  });
});
