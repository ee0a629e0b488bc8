// shared-sdk's upload helpers declare ali-oss's types in an ambient file that a consumer's compile
// does not see on its own; a script file can only be pulled in by reference.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="../../shared-sdk/src/upload/ali-oss.d.ts" />
