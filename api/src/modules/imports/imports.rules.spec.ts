import { autoMapping, checkRows, decide, decodeCsv, detectDelimiter, ImportFileError, isRejection, mapRows, parseCsv, type CheckedRow, type ExistingPerson } from './imports.rules';

const target = { companyId: 'c1', role: 'executive' as const, actorId: 'admin-1' };
const person = (over: Partial<ExistingPerson> = {}): ExistingPerson => ({
  id: 'u1',
  email: 'ann@x.test',
  role: 'executive',
  companyId: 'c1',
  name: 'Ann',
  department: 'Sales',
  phone: '+1 555 0100',
  isActive: true,
  ...over,
});
const checked = (cells: Partial<Record<'name' | 'email' | 'department' | 'phone' | 'active', string>>): CheckedRow => {
  const [row] = checkRows([{ line: 2, cells: { name: '', email: '', department: '', phone: '', active: '', ...cells } }]);
  if (isRejection(row)) throw new Error(row.message);
  return row;
};

describe('import rules', () => {
  it('decodes UTF-8 with or without a byte order mark and names other encodings', () => {
    expect(decodeCsv(Buffer.from('\uFEFFName'))).toBe('Name');
    expect(decodeCsv(Buffer.from('Zoë'))).toBe('Zoë');
    expect(() => decodeCsv(Buffer.from([0x4a, 0x6f, 0x73, 0xe9]))).toThrow(/not valid UTF-8/);
    expect(() => decodeCsv(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toThrow(ImportFileError);
  });

  it('detects the delimiter from the header line, ignoring quoted text', () => {
    expect(detectDelimiter('Name,Email,Phone')).toBe(',');
    expect(detectDelimiter('Name;Email;"a,b,c"')).toBe(';');
  });

  it('parses quoted cells and line breaks, numbers rows by the line they start on, skips our comment line and blank rows', () => {
    const file = parseCsv('# exported\r\nName;Email\r\n"Doe; ""J""";j@x.test\r\n\r\n"two\nlines";t@x.test\r\n;\r\n');
    expect(file).toEqual({
      headers: ['Name', 'Email'],
      delimiter: ';',
      rows: [
        { line: 3, cells: ['Doe; "J"', 'j@x.test'] },
        { line: 5, cells: ['two\nlines', 't@x.test'] },
      ],
    });
  });

  it('maps headers by name, any case or spacing, with synonyms', () => {
    expect(autoMapping(['E-Mail Address', 'Full name', 'Team', 'Mobile', 'x'])).toEqual({ name: 1, email: 0, department: 2, phone: 3, active: null });
  });

  it('reads back the apostrophe our CSV files put before formula-like text, and applies edits', () => {
    const rows = mapRows({ headers: ['Phone', 'Email'], delimiter: ',', rows: [{ line: 2, cells: ["'+1 555", 'A@x.test'] }] }, { name: null, email: 1, department: null, phone: 0, active: null }, [
      { line: 2, field: 'name', value: ' Fixed ' },
    ]);
    expect(rows[0].cells).toEqual({ name: 'Fixed', email: 'A@x.test', department: '', phone: '+1 555', active: '' });
  });

  it('rejects duplicates after the first, bad emails, long names and odd active cells', () => {
    const rows = checkRows([
      { line: 2, cells: { name: 'A', email: 'a@x.test', department: '', phone: '', active: '' } },
      { line: 3, cells: { name: 'B', email: 'A@X.TEST', department: '', phone: '', active: '' } },
      { line: 4, cells: { name: 'C', email: 'nope', department: '', phone: '', active: '' } },
      { line: 5, cells: { name: 'x'.repeat(121), email: 'l@x.test', department: '', phone: '', active: '' } },
      { line: 6, cells: { name: 'D', email: 'd@x.test', department: '', phone: '', active: 'maybe' } },
    ]);
    expect(rows.map((r) => (isRejection(r) ? `${r.field}: ${r.message}` : 'ok'))).toEqual([
      'ok',
      'email: Email appears more than once in the file (first on line 2)',
      'email: Email must be a valid email address',
      'name: Full name must be at most 120 characters',
      'active: Active must be yes or no',
    ]);
  });

  it('decides create, update, unchanged, deactivate and the refusals', () => {
    expect(decide(checked({ email: 'new@x.test', name: 'N', department: 'D', phone: '+1 555 0101' }), undefined, target).kind).toBe('create');
    expect(decide(checked({ email: 'new@x.test', name: 'N', department: 'D' }), undefined, target)).toMatchObject({ field: 'phone', message: 'Phone number is required' });
    expect(decide(checked({ email: 'new@x.test', name: 'N', department: 'D', phone: '12' }), undefined, target)).toMatchObject({ message: 'Phone number must have at least 5 digits' });
    expect(decide(checked({ email: 'new@x.test', name: 'N', department: 'D', phone: '+1 555 0101', active: 'no' }), undefined, target)).toMatchObject({ field: 'active' });
    expect(decide(checked({ email: 'ann@x.test', name: 'Ann' }), person(), target).kind).toBe('unchanged');
    expect(decide(checked({ email: 'ann@x.test', department: 'Ops' }), person(), target)).toMatchObject({ kind: 'update', changes: { department: 'Ops' } });
    expect(decide(checked({ email: 'ann@x.test', active: 'no' }), person(), target)).toMatchObject({ kind: 'deactivate', changes: { isActive: false } });
    expect(decide(checked({ email: 'ann@x.test', active: 'yes' }), person({ isActive: false }), target)).toMatchObject({ kind: 'update', changes: { isActive: true } });
    // A phone typed into the form in any shape imports back unchanged; only a number written is held to the format.
    expect(decide(checked({ email: 'ann@x.test', phone: 'ext. 12' }), person({ phone: 'ext. 12' }), target).kind).toBe('unchanged');
    expect(decide(checked({ email: 'ann@x.test' }), person({ companyId: 'c2' }), target)).toMatchObject({ message: 'Email is already used by an account outside this company' });
    expect(decide(checked({ email: 'ann@x.test' }), person({ companyId: null, role: 'superadmin' }), target)).toMatchObject({ message: 'Email is already used by an account outside this company' });
    expect(decide(checked({ email: 'ann@x.test' }), person({ role: 'admin' }), target)).toMatchObject({ message: 'Email belongs to an admin of this company: an import cannot change roles' });
    expect(decide(checked({ email: 'ann@x.test', active: 'no' }), person({ id: 'admin-1' }), target)).toMatchObject({ field: 'active', message: 'You cannot deactivate your own account' });
  });
});
