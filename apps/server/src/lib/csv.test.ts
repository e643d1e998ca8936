import { describe, expect, it } from 'vitest';
import { csvField } from './csv.js';

describe('csvField', () => {
  it('keeps numbers, and decimal numbers given as text, as numbers', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField('-0.71')).toBe('-0.71');
    expect(csvField('-1250.00')).toBe('-1250.00');
    expect(csvField('-7')).toBe('-7');
    expect(csvField('0.71')).toBe('0.71');
  });

  it('still guards text that starts like a formula', () => {
    expect(csvField('-0.71+cmd|calc')).toBe("'-0.71+cmd|calc");
    expect(csvField('-1-1')).toBe("'-1-1");
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-')).toBe("'-");
    expect(csvField('-.5')).toBe("'-.5");
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField('@A1')).toBe("'@A1");
    expect(csvField('\t=1')).toBe("'\t=1");
    expect(csvField('-1,5')).toBe(`"'-1,5"`);
  });

  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('coffee, "best".png')).toBe('"coffee, ""best"".png"');
    expect(csvField('a\nb')).toBe('"a\nb"');
    expect(csvField(null)).toBe('');
  });
});
