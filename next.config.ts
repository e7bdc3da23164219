import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // The app is a catalogue of deliberate failures; a stray dev overlay or x-powered-by adds noise.
  poweredByHeader: false,
  experimental: {
    // Enables forbidden() and unauthorized(), two routing signals the catalogue pins.
    authInterrupts: true,
  },
};

export default nextConfig;
