// Expected values: the reference suite's `crypto_functions/case_crypto.json` and n1ql-reference
// (non-string values hash their JSON text; unknown algorithms and options of other types give NULL;
// crc32 polynomials by name, number or Go-syntax string, else IEEE); MD4 test vectors of RFC 1320 §A.5.
import { describe, expect, it } from 'vitest';
import { md4 } from '../../src/eval/functions/md4.js';
import { MISSING, table } from './table.js';

const SHA256_A = 'ca978112ca1bbdcafac231b39a23dc4da786eff8147c4e72b9807785afee48bb';

table('HASHBYTES', [
  [['Hello world'], '64ec88ca00b268e5ba1a35678a1b5316d212f4f366b2477232534a8aeca37f3c'],
  [['Hello world', { algorithm: 'crc32' }], '8bd69e52'],
  [['Hello world', 'crc32'], '8bd69e52'],
  [['Hello world', { algorithm: 'crc32', polynomial: 'IEEE' }], '8bd69e52'],
  [['Hello world', { algorithm: 'crc32', polynomial: 'Castagnoli' }], '72b51f78'],
  [['Hello world', { algorithm: 'crc32', polynomial: 'Koopman' }], 'b1bcb065'],
  [['Hello world', { algorithm: 'crc32', polynomial: '0xD5828281' }], '2964d064'],
  [['Hello world', { algorithm: 'crc32', polynomial: 2197175160 }], '72b51f78'],
  [['Hello world', { algorithm: 'md4' }], '2f34e7edc8180b87578159ff58e87c1a'],
  [['Hello world', { algorithm: 'md5' }], '3e25960a79dbc69b674cd4ec67a72c62'],
  [['Hello world', 'md5'], '3e25960a79dbc69b674cd4ec67a72c62'],
  [['Hello world', { algorithm: 'sha224' }], 'ac230f15fcae7f77d8f76e99adf45864a1c6f800655da78dea956112'],
  [['Hello world', { algorithm: 'sha384' }], '9203b0c4439fd1e6ae5878866337b7c532acd6d9260150c80318e8ab8c27ce330189f8df94fb890df1d298ff360627e1'],
  [['Hello world', { algorithm: 'sha512' }], 'b7f783baed8297f0db917462184ff4f08e69c2d5e5f79a942600f9725f58ce1f29c18139bf80b06c0fff2bdd34738452ecf40c488c22a7e3d80cdf6f9c1c0d47'],
  [['Hello world', { algorithm: 'sha512/224' }], '02a3ae05df05f8ee679c0e4fa25b59342f514f3e4687bc8fe7c51fcc'],
  [['Hello world', { algorithm: 'sha512/256' }], 'f7b55872d4aefe68143bd2ebd928b87f769e15362fcd5a1af8da184bbfcb5fa8'],
  [['Hello world', { algorithm: 'invalid' }], null],
  [['Hello world', 123], null],
  [['Hello world', { invalid: 'whatever' }], '64ec88ca00b268e5ba1a35678a1b5316d212f4f366b2477232534a8aeca37f3c'],
  [['a', 'SHA256'], SHA256_A],
  [['a', 'sha1'], null],
  [['a', ''], null],
  [['a', [1]], null],
  [['a', null], SHA256_A],
  [['a', MISSING], SHA256_A],
  [['a', { algorithm: 5 }], SHA256_A],
  [['a', { algorithm: null }], SHA256_A],
  [['a', { algorithm: 'crc32', polynomial: 'castagnoli' }], 'c1d04330'],
  [['a', { algorithm: 'crc32', polynomial: 'koopman' }], '0da2aa8a'],
  [['a', { algorithm: 'crc32', polynomial: 'bad' }], 'e8b7be43'],
  [['a', { algorithm: 'crc32', polynomial: 'D5828281' }], 'e8b7be43'],
  [['a', { algorithm: 'crc32', polynomial: '2197175160' }], 'c1d04330'],
  [['a', { algorithm: 'crc32', polynomial: '0XD5828281' }], '248ca0a3'],
  [['a', { algorithm: 'crc32', polynomial: '0x1FFFFFFFF' }], 'e8b7be43'],
  [['a', { algorithm: 'crc32', polynomial: -1 }], '3cffffff'],
  [['a', { algorithm: 'crc32', polynomial: 1.5 }], 'ff000001'],
  [['a', { algorithm: 'crc32', polynomial: 4294967297 }], 'ff000001'],
  [['a', { algorithm: 'crc32', polynomial: true }], 'e8b7be43'],
  [['a', { algorithm: 'crc32', polynomial: 0 }], 'ff000000'],
  [['', 'crc32'], '00000000'],
  [['a', 'md4'], 'bde52cb31de33e46245e05fbdbd6fb24'],
  [[1, 'md5'], 'c4ca4238a0b923820dcc509a6f75849b'],
  [[1.5, 'md5'], '6008647277c4454cecd97d33c069f0ca'],
  [[1e21, 'md5'], 'f12e3a4c325669be7e33b13a65e1c878'],
  [[NaN, 'md5'], 'aeacb87aadb51aa93343cc7f111c5795'],
  [[{ a: 1 }, 'md5'], 'bb6cb5c68df4652941caf652a366f2d8'],
  [[{ a: '<é' }, 'md5'], '8cd0d10ad5b9451643e9b5b6e37546de'],
  [[[1, 'x'], 'md5'], '977f047b10ea67bb726051949b908ad4'],
  [[true, 'md5'], 'b326b5062b2f0e69046810717534cb09'],
  [[MISSING, { algorithm: 'sha512' }], MISSING],
  [[null, { algorithm: 'sha512' }], null],
  [[MISSING], MISSING],
  [[null], null],
]);

describe('md4', () => {
  it('gives the RFC 1320 test vectors', () => {
    const vectors: [string, string][] = [
      ['', '31d6cfe0d16ae931b73c59d7e0c089c0'],
      ['a', 'bde52cb31de33e46245e05fbdbd6fb24'],
      ['abc', 'a448017aaf21d8525fc10ae87aa6729d'],
      ['message digest', 'd9130a8164549fe818874806e1c7014b'],
      ['abcdefghijklmnopqrstuvwxyz', 'd79e1c308aa5bbcdeea8ed63df412da9'],
      ['ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', '043f8582f241db351ce627e153e7f0e4'],
      ['12345678901234567890123456789012345678901234567890123456789012345678901234567890', 'e33b4ddc9c38f2199c3e7b164fcc0536'],
    ];
    for (const [text, hex] of vectors) expect(md4(Buffer.from(text)).toString('hex')).toBe(hex);
  });
});
