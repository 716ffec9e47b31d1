package project

// folderKey (one file per system) names the folder at path on disk: its
// volume, its file number and its birth time, or "" when the system cannot
// tell all three. It tells the folder a registry record was made for from
// another put at its path later (rm -rf app; cp -a other app): file numbers
// alone are handed out again at once (ext4 gave the copy's folder and its
// .memo the numbers of the ones removed), a birth time is not.
// A key of "" never matches: such folders are told apart by their
// project.json alone (docs/identity.md §7).
