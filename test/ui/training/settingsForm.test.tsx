// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SettingsForm } from '../../../src/ui/training/SettingsForm';
import { reportFor, TRAINING_DEFAULTS, type TrainingSettings } from '../../../src/ui/training/trainingSettings';

/** The form with the settings it changes, which the test reads back. */
function show(initial: Partial<TrainingSettings> = {}): { settings: () => TrainingSettings } {
  let latest: TrainingSettings = { ...TRAINING_DEFAULTS, ...initial };
  function Host() {
    const [settings, setSettings] = useState(latest);
    latest = settings;
    const result = reportFor(settings);
    return <SettingsForm settings={settings} model={'model' in result ? result.model : null} set={(patch) => setSettings((s) => ({ ...s, ...patch }))} />;
  }
  render(<Host />);
  return { settings: () => latest };
}

const slider = (name: string) => screen.getByRole('slider', { name }) as HTMLInputElement;

describe('the training settings', () => {
  afterEach(cleanup);

  it('moves the devices through powers of two, saying the count, and takes any count typed', () => {
    const { settings } = show();
    expect(slider('Devices').getAttribute('aria-valuetext')).toBe('64');
    fireEvent.change(slider('Devices'), { target: { value: '7' } });
    expect(settings().devices).toBe(128);
    expect(slider('Devices').getAttribute('aria-valuetext')).toBe('128');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Devices, any count' }), { target: { value: '48' } });
    expect(settings().devices).toBe(48);
    // 48 is a stop of its own, between 32 and 64.
    expect([slider('Devices').value, slider('Devices').getAttribute('aria-valuetext')]).toEqual(['6', '48']);
    expect(screen.getByText('48', { selector: 'output' })).toBeTruthy();
  });

  it('moves the model through the presets by size to a custom size, which asks for its parameters', () => {
    const { settings } = show();
    expect(slider('Model').getAttribute('aria-valuetext')).toBe('GPT-2 XL · 1.56 B');
    fireEvent.change(slider('Model'), { target: { value: '0' } });
    expect([settings().model, slider('Model').getAttribute('aria-valuetext')]).toEqual(['resnet50', 'ResNet-50 · 25.6 M']);
    expect(screen.queryByRole('spinbutton', { name: 'Parameters' })).toBeNull();
    fireEvent.change(slider('Model'), { target: { value: '5' } });
    expect(settings().model).toBe('custom');
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Parameters' }), { target: { value: '3000000' } });
    expect(settings().params).toBe(3_000_000);
  });

  it('shows an address’s bucket size on the slider, and no bucket for ZeRO-3', () => {
    show({ bucketMb: 30 });
    expect(slider('Bucket').getAttribute('aria-valuetext')).toBe('30 MiB');
    cleanup();
    show({ strategy: 'zero3' });
    expect(screen.queryByRole('slider', { name: 'Bucket' })).toBeNull();
  });
});
