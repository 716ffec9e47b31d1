// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"memo.dev/projects/domain"
)

// How a backup is copied and checked: the copy of one snapshot through a
// read-only connection, its verification, and the digest that tells a copy
// whose content is its source's.

// contentDigest hashes the schema and every row of every table of the
// database at path, read in one snapshot through a read-only connection.
// The journal mode and the file's layout do not count: a backup (rollback
// journal) of a WAL database has the digest of its source.
func contentDigest(path string) (string, error) {
	ctx := context.Background()
	db, err := sql.Open(sqliteDriverName, sqliteURI(path, "mode=ro", "_pragma=busy_timeout(5000)"))
	if err != nil {
		return "", err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return "", err
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return "", err
	}
	defer conn.ExecContext(ctx, "ROLLBACK")
	h := sha256.New()
	var tables []string
	if err := eachRow(ctx, conn, "SELECT type, name, coalesce(sql, '') FROM sqlite_master ORDER BY type, name", func(vals []any) {
		fmt.Fprintf(h, "%v\x00%v\x00%v\n", vals...)
		if vals[0] == "table" {
			tables = append(tables, fmt.Sprint(vals[1]))
		}
	}); err != nil {
		return "", err
	}
	for _, t := range tables {
		fmt.Fprintf(h, "table %q\n", t)
		q := `SELECT * FROM "` + strings.ReplaceAll(t, `"`, `""`) + `" ORDER BY rowid`
		if err := eachRow(ctx, conn, q, func(vals []any) {
			for _, v := range vals {
				fmt.Fprintf(h, "%T:%v\x00", v, v)
			}
			h.Write([]byte{'\n'})
		}); err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// eachRow runs q and calls row with the values of each result row.
func eachRow(ctx context.Context, conn *sql.Conn, q string, row func([]any)) error {
	rows, err := conn.QueryContext(ctx, q)
	if err != nil {
		return err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return err
	}
	vals := make([]any, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		row(vals)
	}
	return rows.Err()
}

// copySnapshot copies the database at src (and its -wal, if any) to dst
// byte for byte, and returns the number of rows of table src held.
//
// The copy happens inside a read transaction of a read-only connection. The
// transaction pins a snapshot: no checkpointer can restart the WAL or
// backfill pages past that snapshot while it lasts (in rollback-journal mode
// no writer can change the file at all), so the copied file plus the copied
// WAL hold at least that snapshot. Frames a writer appends meanwhile are
// either complete (a later, consistent commit; the row count then differs
// and the caller tries again) or fail their checksum and are ignored.
// The read-only connection never checkpoints when it closes.
func copySnapshot(src, dst, table string, opt memoryOptions) (int64, error) {
	ctx := context.Background()
	db, err := sql.Open(sqliteDriverName, sqliteURI(src, "mode=ro", "_pragma=busy_timeout(5000)"))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, describe(src, err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		return 0, describe(src, err)
	}
	defer conn.ExecContext(ctx, "ROLLBACK")
	var one int
	if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM (SELECT 1 FROM "+table+" LIMIT 1)").Scan(&one); err != nil {
		return 0, describe(src, err)
	}
	if err := opt.step("pinned"); err != nil {
		return 0, err
	}

	// Count in the same snapshot while the bytes are copied.
	var rows int64
	counted := make(chan error, 1)
	go func() {
		counted <- conn.QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&rows)
	}()
	cerr := copyFile(src, dst)
	if cerr == nil {
		cerr = copyFile(src+"-wal", dst+"-wal")
		if errors.Is(cerr, fs.ErrNotExist) {
			cerr = nil
		}
	}
	if err := <-counted; err != nil {
		return 0, describe(src, err)
	}
	if cerr != nil {
		return 0, domain.T("cannot copy {{.File}}: {{.Error}}", "File", filepath.Base(src), "Error", cerr.Error()).Err(errInternal)
	}
	return rows, nil
}

// copyFile copies src to a new file dst. Between two *os.File, io.Copy
// lets the kernel copy (copy_file_range on Linux).
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// verifyCopy makes the copy at path a self-contained rollback-journal
// database (folding in the copied WAL), checks it and fsyncs it. It returns
// the number of rows of table it holds.
func verifyCopy(path, table string) (int64, error) {
	ctx := context.Background()
	// synchronous=OFF: the one fsync below, run alongside the check, is
	// what makes the copy durable. mmap spares a read call per page.
	db, err := sql.Open(sqliteDriverName, sqliteURI(path,
		"_pragma=busy_timeout(5000)", "_pragma=synchronous(OFF)", "_pragma=mmap_size(1073741824)"))
	if err != nil {
		return 0, err
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return 0, domain.T("the copy does not open: {{.Error}}", "Error", err.Error()).Err(errInternal)
	}
	defer conn.Close()
	var mode string
	if err := conn.QueryRowContext(ctx, "PRAGMA journal_mode=DELETE").Scan(&mode); err != nil {
		return 0, domain.T("the copy does not open: {{.Error}}", "Error", err.Error()).Err(errInternal)
	}
	if mode != "delete" {
		return 0, domain.T("the copy stays in {{.Mode}} mode", "Mode", mode).Err(errInternal)
	}

	synced := make(chan error, 1)
	go func() { synced <- syncFile(path) }()
	rows, err := checkCopy(ctx, conn, table)
	if serr := <-synced; err == nil && serr != nil {
		err = domain.T("cannot save the copy: {{.Error}}", "Error", serr.Error()).Err(errInternal)
	}
	return rows, err
}

// checkCopy runs PRAGMA quick_check and counts the rows of table.
func checkCopy(ctx context.Context, conn *sql.Conn, table string) (int64, error) {
	res, err := conn.QueryContext(ctx, "PRAGMA quick_check")
	if err != nil {
		return 0, domain.T("the copy cannot be checked: {{.Error}}", "Error", err.Error()).Err(errInternal)
	}
	var problems []string
	for res.Next() {
		var line string
		if err := res.Scan(&line); err != nil {
			res.Close()
			return 0, domain.T("the copy cannot be checked: {{.Error}}", "Error", err.Error()).Err(errInternal)
		}
		problems = append(problems, line)
	}
	if err := res.Close(); err != nil {
		return 0, domain.T("the copy cannot be checked: {{.Error}}", "Error", err.Error()).Err(errInternal)
	}
	if err := res.Err(); err != nil {
		return 0, domain.T("the copy cannot be checked: {{.Error}}", "Error", err.Error()).Err(errInternal)
	}
	if len(problems) != 1 || problems[0] != "ok" {
		if len(problems) > 3 {
			problems = problems[:3]
		}
		return 0, domain.T("the copy fails PRAGMA quick_check: {{.Problems}}", "Problems", strings.Join(problems, "; ")).Err(errInternal)
	}
	var rows int64
	if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&rows); err != nil {
		return 0, domain.T("the copy cannot be counted: {{.Error}}", "Error", err.Error()).Err(errInternal)
	}
	return rows, nil
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// sqliteURI builds a file: URI for the glebarez driver (which passes it to
// SQLite with SQLITE_OPEN_URI). The path is made absolute and the three
// characters a URI path cannot hold literally are escaped.
func sqliteURI(path string, params ...string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive letter
	}
	p = strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(p)
	uri := "file:" + p
	if len(params) > 0 {
		uri += "?" + strings.Join(params, "&")
	}
	return uri
}
