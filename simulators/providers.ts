import { airtelSimulator } from './airtel-money';
import { lencoSimulator } from './lenco';
import { mtnSimulator } from './mtn-momo';
import type { SimulatedProvider } from './simulated-provider';

/** The simulated collection providers, one line each (a provider's routes, words and settings are in its own module). */
export const SIMULATED_PROVIDERS: readonly SimulatedProvider[] = [mtnSimulator, airtelSimulator, lencoSimulator];
