// Russian plural forms for the words the UI writes itself
// (the engine's own sentences already come in Russian).

export function plural(n, one, few, many) {
  const m = Math.abs(n) % 100;
  const d = m % 10;
  if (d === 1 && m !== 11) return one;
  if (d >= 2 && d <= 4 && (m < 12 || m > 14)) return few;
  return many;
}

export const points = (n) => `${n} ${plural(n, "очко", "очка", "очков")}`;
export const fouls = (n) => `${n} ${plural(n, "нарушение", "нарушения", "нарушений")}`;
export const actions = (n) => `${n} ${plural(n, "запись", "записи", "записей")}`;

export function signedPoints(n) {
  if (n > 0) return `+${points(n)}`;
  if (n < 0) return `−${points(-n)}`;
  return points(0);
}
