/**
 * Passwords of 8+ characters that top every leaked-password list (SecLists' 10k most common, NCSC's 100k top):
 * an attacker tries these first, so no account may use one. Compared lower-cased.
 */
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password', 'password1', 'password12', 'password123', 'password1234', 'passw0rd', 'p@ssw0rd', 'p@ssword',
  'password!', 'password01', 'passwort', 'motdepasse', 'contraseña', 'wachtwoord',
  '12345678', '123456789', '1234567890', '12345678910', '87654321', '11111111', '00000000', '88888888',
  '11223344', '12341234', '123123123', '1q2w3e4r', '1q2w3e4r5t', '1qaz2wsx', 'qwertyui', 'qwertyuiop',
  'qwerty12', 'qwerty123', 'qwerty1234', 'asdfghjk', 'asdfghjkl', 'zxcvbnm1', 'zaq12wsx', 'q1w2e3r4',
  'abcd1234', 'abc12345', 'abcdefgh', 'aa123456', 'a1234567', 'iloveyou', 'iloveyou1', 'sunshine',
  'princess', 'football', 'baseball', 'superman', 'starwars', 'whatever', 'trustno1', 'welcome1',
  'welcome123', 'letmein1', 'letmein123', 'changeme', 'changeme1', 'changeme123', 'default1', 'admin123',
  'admin1234', 'administrator', 'root1234', 'master12', 'monkey12', 'dragon12', 'shadow12', 'michael1',
  'jennifer', 'computer', 'internet', 'corvette', 'mercedes', 'blink182', 'liverpool', 'chelsea1',
  'arsenal1', 'mustang1', 'jordan23', 'pokemon1', 'samantha', 'danielle', 'charlie1', 'basketball',
  'soccer12', 'hello123', 'welcome!', 'secret12', 'secret123', 'test1234', 'testtest', 'letmein!',
  'qwerty!@', 'summer2024', 'summer2025', 'summer2026', 'winter2024', 'winter2025', 'winter2026',
  'spring2025', 'spring2026', 'autumn2025', 'autumn2026', 'company1', 'company123', 'kpitracker',
  'kpi-tracker', 'demo-pass-2026',
]);

export const isCommonPassword = (password: string): boolean => COMMON_PASSWORDS.has(password.trim().toLowerCase());
