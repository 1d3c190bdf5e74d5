<?xml version="1.0"?>
<!DOCTYPE signature [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>
<signature>&b;</signature>
