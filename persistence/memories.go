// SPDX-License-Identifier: Apache-2.0

package persistence

import (
	"database/sql"
	"strings"

	"gorm.io/gorm"

	"memo.dev/projects/domain"
	"memo.dev/projects/domain/memory"
)

// pool narrows a query on db to one pool ("" is the global pool). Without
// project_id every row is global.
func (m *MemoryDB) pool(db *gorm.DB, projectID string) (*gorm.DB, error) {
	if projectID != "" && !m.state.ProjectMemory {
		return nil, m.noProjectMemory()
	}
	q := db.Model(&memoryRow{})
	if m.hasProjectID {
		q = q.Where("project_id = ?", projectID)
	}
	return q, nil
}

func (m *MemoryDB) noProjectMemory() error {
	why := any(m.state.Reason)
	if m.state.ReasonText != nil {
		why = *m.state.ReasonText
	}
	return domain.T("project memory is not available this launch: {{.Reason}}", "Reason", why).Err(domain.ErrRefused)
}

// Count returns the number of memories in one pool ("" is the global pool).
func (m *MemoryDB) Count(projectID string) (int64, error) {
	db, done, err := m.read()
	if err != nil {
		return 0, err
	}
	defer done()
	q, err := m.pool(db, projectID)
	if err != nil {
		return 0, err
	}
	var n int64
	return n, describe(m.path, q.Count(&n).Error)
}

// CountAll returns the number of memories in every pool.
func (m *MemoryDB) CountAll() (int64, error) {
	db, done, err := m.read()
	if err != nil {
		return 0, err
	}
	defer done()
	var n int64
	return n, describe(m.path, db.Model(&memoryRow{}).Count(&n).Error)
}

var _ memory.Store = (*MemoryDB)(nil)

// Add stores a memory in one pool ("" is the global pool) and returns it.
// A project pool is refused while project memory is off.
func (m *MemoryDB) Add(pool, kind, content string) (memory.Memory, error) {
	if strings.TrimSpace(content) == "" {
		return memory.Memory{}, domain.T("a memory needs some content").Err(domain.ErrInvalid)
	}
	if pool != "" && !m.state.ProjectMemory {
		return memory.Memory{}, m.noProjectMemory()
	}
	now := m.now()
	row := memoryRow{
		Content:   content,
		Kind:      sql.NullString{String: kind, Valid: kind != ""},
		Created:   looseTime{now},
		Updated:   looseTime{now},
		ProjectID: pool,
	}
	// Name the columns: a skipped change leaves a table without project_id,
	// and the insert must then look exactly like an older Memo's.
	cols := []string{"content", "kind", "created_at", "updated_at"}
	if m.hasProjectID {
		cols = append(cols, "project_id")
	}
	db, done, err := m.write()
	if err != nil {
		return memory.Memory{}, err
	}
	defer done()
	if err := db.Select(cols).Create(&row).Error; err != nil {
		return memory.Memory{}, describe(m.path, err)
	}
	return row.memory(), nil
}

// scoped narrows a query on db to a scope.
func (m *MemoryDB) scoped(db *gorm.DB, scope memory.Scope) (*gorm.DB, error) {
	if scope.All {
		return db.Model(&memoryRow{}), nil
	}
	return m.pool(db, scope.Pool)
}

// likeEscaper makes text a LIKE pattern that matches it literally.
var likeEscaper = strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)

// List returns the memories of a scope newest first, a page at a time (the id
// is the cursor: a page is an index range scan however large the table), and
// how many match in all. Text matches ignoring ASCII case, as SQLite's LIKE does.
func (m *MemoryDB) List(scope memory.Scope, q memory.Query) ([]memory.Memory, int64, error) {
	db, done, err := m.read()
	if err != nil {
		return nil, 0, err
	}
	defer done()
	base, err := m.scoped(db, scope)
	if err != nil {
		return nil, 0, err
	}
	if q.Text != "" {
		base = base.Where(`content LIKE ? ESCAPE '\'`, "%"+likeEscaper.Replace(q.Text)+"%")
	}
	var total int64
	if err := base.Session(&gorm.Session{}).Count(&total).Error; err != nil {
		return nil, 0, describe(m.path, err)
	}
	page := base.Session(&gorm.Session{})
	if q.Before > 0 {
		page = page.Where("id < ?", q.Before)
	}
	if q.Limit > 0 {
		page = page.Limit(q.Limit)
	}
	var rows []memoryRow
	if err := page.Order("id DESC").Find(&rows).Error; err != nil {
		return nil, 0, describe(m.path, err)
	}
	out := make([]memory.Memory, len(rows))
	for i, r := range rows {
		out[i] = r.memory()
	}
	return out, total, nil
}

// Edit changes the content of one memory of pool; a memory of another pool
// is not found. Only content and updated_at change: rows an older Memo wrote
// keep their kind and dates.
func (m *MemoryDB) Edit(pool string, id int64, content string) (memory.Memory, error) {
	if pool != "" && !m.state.ProjectMemory {
		return memory.Memory{}, m.noProjectMemory()
	}
	db, done, err := m.write()
	if err != nil {
		return memory.Memory{}, err
	}
	defer done()
	var row memoryRow
	err = db.Transaction(func(tx *gorm.DB) error {
		q, err := m.pool(tx, pool)
		if err != nil {
			return err
		}
		res := q.Where("id = ?", id).Updates(map[string]any{"content": content, "updated_at": looseTime{m.now()}})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return domain.T("no memory with id {{.ID}} in this pool", "ID", id).Err(domain.ErrNotFound)
		}
		return tx.Model(&memoryRow{}).Where("id = ?", id).Take(&row).Error
	})
	if err != nil {
		return memory.Memory{}, describe(m.path, err)
	}
	return row.memory(), nil
}

// Remove deletes one memory of pool; an unknown id, or one of another pool,
// is a domain.ErrNotFound.
func (m *MemoryDB) Remove(pool string, id int64) error {
	if pool != "" && !m.state.ProjectMemory {
		return m.noProjectMemory()
	}
	db, done, err := m.write()
	if err != nil {
		return err
	}
	defer done()
	q, err := m.pool(db, pool)
	if err != nil {
		return err
	}
	res := q.Where("id = ?", id).Delete(&memoryRow{})
	if res.Error != nil {
		return describe(m.path, res.Error)
	}
	if res.RowsAffected == 0 {
		return domain.T("no memory with id {{.ID}} in this pool", "ID", id).Err(domain.ErrNotFound)
	}
	return nil
}

// Counts returns the number of memories of each pool.
func (m *MemoryDB) Counts() (map[string]int64, error) {
	db, done, err := m.read()
	if err != nil {
		return nil, err
	}
	defer done()
	out := map[string]int64{}
	if !m.hasProjectID {
		var n int64
		err := db.Model(&memoryRow{}).Count(&n).Error
		if n > 0 {
			out[memory.GlobalPool] = n
		}
		return out, describe(m.path, err)
	}
	rows, err := db.Raw("SELECT project_id, count(*) FROM memories GROUP BY project_id").Rows()
	if err != nil {
		return nil, describe(m.path, err)
	}
	defer rows.Close()
	for rows.Next() {
		var pool string
		var n int64
		if err := rows.Scan(&pool, &n); err != nil {
			return nil, describe(m.path, err)
		}
		out[pool] = n
	}
	return out, describe(m.path, rows.Err())
}
