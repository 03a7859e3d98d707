// TabulaData's API takes GRDB's types (DatabaseQueue, DatabasePool, requests, records),
// so importing TabulaData brings GRDB along.
@_exported import GRDB
