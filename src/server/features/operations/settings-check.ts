import { ConfigError, loadConfig, type AppConfig } from '../../config';
import type { Settings } from './env-file';

export type SettingsCheck = { ok: true; config: AppConfig } | { ok: false; message: string };

/**
 * The shop's own check of its settings (src/server/config.ts), run on the settings as the service would
 * get them (the file's, nothing of this shell's), so a value the shop would refuse at start is refused
 * here with the same message, before anything is written or restarted.
 */
export function checkSettings(settings: Settings): SettingsCheck {
  try {
    return { ok: true, config: loadConfig(Object.fromEntries(settings), { leaveDataDirAlone: true }) };
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, message: error.message };
    throw error;
  }
}
