import path from 'node:path';
import { AUDIO, AUDIO_DEMUXER, type AudioType } from './audio-type.js';
import { runFfmpeg, type FfmpegRun } from './video-transcode.js';

/** What a voice note's copy is stored and served as. */
export const VOICE_COPY = AUDIO.m4a;

/**
 * The ffmpeg command that makes a voice note's copy: AAC-LC, mono, 80 kb/s (clear speech with a party
 * behind it) in an M4A with its index first (`+faststart`, so a player knows the length and starts
 * before the end arrives), which iPhones, QuickTime and every browser play, unlike MediaRecorder's
 * WebM. The input's demuxer is the one its sniffed type names, reading files only, as the upload's
 * probe did; no metadata, chapters or pictures are carried over, and `bitexact` leaves out even
 * ffmpeg's own encoder tag.
 */
export function voiceCopyArgs(input: string, type: AudioType, output: string): string[] {
  return [
    ...['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', '-protocol_whitelist', 'file'],
    ...['-f', AUDIO_DEMUXER[type], '-i', path.resolve(input)],
    ...['-map', '0:a:0', '-map_metadata', '-1', '-map_chapters', '-1', '-vn', '-sn', '-dn'],
    ...['-c:a', 'aac', '-b:a', '80k', '-ac', '1', '-fflags', '+bitexact', '-flags:a', '+bitexact'],
    ...['-movflags', '+faststart', '-f', 'ipod', path.resolve(output)],
  ];
}

/** Makes the copy of the voice note `input` (of the sniffed `type`) at `output`; rejects with a TranscodeError. */
export function transcodeVoiceNote(input: string, type: AudioType, output: string, options: FfmpegRun) {
  return runFfmpeg(voiceCopyArgs(input, type, output), options);
}
