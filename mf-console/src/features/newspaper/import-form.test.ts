import { pdfProblem } from './import-form';

describe('a newspaper PDF', () => {
  it('must be a non-empty PDF of at most 200 MB', () => {
    expect(pdfProblem({ name: 'a.pdf', size: 10 })).toBeNull();
    expect(pdfProblem({ name: 'a.jpg', size: 10, type: 'image/jpeg' })).toBe('请选择 PDF 文件');
    expect(pdfProblem({ name: 'a.pdf', size: 0 })).toBe('文件是空的');
    expect(pdfProblem({ name: 'a.pdf', size: 201 * 1024 * 1024 })).toBe('PDF 不能超过 200 MB');
  });
});
