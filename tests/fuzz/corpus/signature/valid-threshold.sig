<?xml version="1.0" encoding="UTF-8"?>
<signature xmlns="urn:skel:signature" version="1">
 <application ranks="2" mpi-library="synthetic (compress/synth.c)" tracer="synthetic">
  <arg>synthetic</arg>
  <arg>stencil</arg>
  <arg>-i</arg>
  <arg>8</arg>
 </application>
 <compression threshold="0.1" max-threshold="0.2" scale="0" ratio="1" trace-length="168" signature-length="168"/>
 <sites>
  <site id="0" module="/synthetic/app" offset="4096" function="synthetic"/>
  <site id="1" module="/synthetic/app" offset="4160" function="synthetic"/>
  <site id="2" module="/synthetic/app" offset="4224" function="synthetic"/>
  <site id="3" module="/synthetic/app" offset="4288" function="synthetic"/>
  <site id="4" module="/synthetic/app" offset="4352" function="synthetic"/>
  <site id="5" module="/synthetic/app" offset="4416" function="synthetic"/>
  <site id="6" module="/synthetic/app" offset="4480" function="synthetic"/>
  <site id="7" module="/synthetic/app" offset="4544" function="synthetic"/>
  <site id="8" module="/synthetic/app" offset="4608" function="synthetic"/>
  <site id="9" module="/synthetic/app" offset="4672" function="synthetic"/>
  <site id="10" module="/synthetic/app" offset="4736" function="synthetic"/>
  <site id="11" module="/synthetic/app" offset="4800" function="synthetic"/>
  <site id="12" module="/synthetic/app" offset="4864" function="synthetic"/>
  <site id="13" module="/synthetic/app" offset="4928" function="synthetic"/>
  <site id="14" module="/synthetic/app" offset="4992" function="synthetic"/>
  <site id="15" module="/synthetic/app" offset="5056" function="synthetic"/>
  <site id="16" module="/synthetic/app" offset="5120" function="synthetic"/>
  <site id="17" module="/synthetic/app" offset="5184" function="synthetic"/>
  <site id="18" module="/synthetic/app" offset="5248" function="synthetic"/>
  <site id="19" module="/synthetic/app" offset="5312" function="synthetic"/>
  <site id="20" module="/synthetic/app" offset="5376" function="synthetic"/>
 </sites>
 <comms>
  <comm id="0" gid="0" members="0 1"/>
  <comm id="1" gid="1000" created-by="MPI_Cart_create" parent-slot="0" members="0 1" dims="2 1" periods="0 0"/>
 </comms>
 <ranks>
  <rank id="0" class="0" events="84" time-ns="3728342" compute-ns="532742" mpi-ns="3207200" per-event-ns="100" comms="0 - 1"/>
  <rank id="1" class="1" events="84" time-ns="3721839" compute-ns="526239" mpi-ns="3207200" per-event-ns="100" comms="0 - 1"/>
 </ranks>
 <class id="0" ranks="0" program="0" events="84" length="84" time-ns="3728342">
  <symbol id="0" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <compute-cpu count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <duration count="1" mean="3e+06" min="3000000" max="3000000" buckets="1071:1"/>
  </symbol>
  <symbol id="1" call="MPI_Cart_create" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="4900" min="4900" max="4900" shift="100" buckets="610:1"/>
   <compute-cpu count="1" mean="4900" min="4900" max="4900" shift="100" buckets="610:1"/>
   <duration count="1" mean="20000" min="20000" max="20000" buckets="711:1"/>
  </symbol>
  <symbol id="2" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="0" count="105 113 108" bytes="840 904 864" rbytes="0 0 0"/>
   <compute count="3" mean="47836.666666666664" min="45810" max="49557" shift="100" buckets="770:1 773:1 775:1"/>
   <compute-cpu count="3" mean="47836.666666666664" min="45810" max="49557" shift="100" buckets="770:1 773:1 775:1"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="3" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="1">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="151 151 151" bytes="1208 1208 1208" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="4" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="5">
   <peer kind="null"/>
   <side role="member" flags="" events="5" rbytes-events="0" count="135 148 141.8" bytes="1080 1184 1134.4" rbytes="0 0 0"/>
   <compute count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <compute-cpu count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <duration count="5" mean="300" min="300" max="300" buckets="408:5"/>
  </symbol>
  <symbol id="5" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="0" count="134 139 136.5" bytes="1072 1112 1092" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="6" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="144 146 145" bytes="1152 1168 1160" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="7" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="3">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="144 151 147" bytes="1152 1208 1176" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="8" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="131 138 134.5" bytes="1048 1104 1076" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="9" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="151 152 151.5" bytes="1208 1216 1212" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="10" call="MPI_Waitall" comm="0" site="10" prev-site="9" occurrences="8">
   <side role="member" flags="" events="8" rbytes-events="8" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <link dist="8" index="0" call="MPI_Irecv"/>
   <link dist="7" index="1" call="MPI_Irecv"/>
   <link dist="6" index="2" call="MPI_Irecv"/>
   <link dist="5" index="3" call="MPI_Irecv"/>
   <link dist="4" index="4" call="MPI_Isend"/>
   <link dist="3" index="5" call="MPI_Isend"/>
   <link dist="2" index="6" call="MPI_Isend"/>
   <link dist="1" index="7" call="MPI_Isend"/>
   <compute count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <compute-cpu count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <duration count="8" mean="5000" min="5000" max="5000" buckets="611:8"/>
  </symbol>
  <symbol id="11" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="8">
   <side role="member" flags="" events="8" rbytes-events="8" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="8" mean="12220.875" min="11236" max="13389" shift="100" buckets="668:1 669:1 670:1 674:1 676:2 677:1 681:1"/>
   <compute-cpu count="8" mean="12220.875" min="11236" max="13389" shift="100" buckets="668:1 669:1 670:1 674:1 676:2 677:1 681:1"/>
   <duration count="8" mean="3000" min="3000" max="3000" buckets="573:8"/>
  </symbol>
  <symbol id="12" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="11" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="0" count="117 121 119.25" bytes="936 968 954" rbytes="0 0 0"/>
   <compute count="4" mean="49641.25" min="44903" max="52954" shift="100" buckets="768:1 776:1 777:1 780:1"/>
   <compute-cpu count="4" mean="49641.25" min="44903" max="52954" shift="100" buckets="768:1 776:1 777:1 780:1"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="13" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="5">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="5" rbytes-events="5" count="137 148 142.2" bytes="1096 1184 1137.6" rbytes="0 0 0"/>
   <compute count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <compute-cpu count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <duration count="5" mean="300" min="300" max="300" buckets="408:5"/>
  </symbol>
  <symbol id="14" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="1">
   <peer kind="null"/>
   <side role="member" flags="" events="1" rbytes-events="0" count="153 153 153" bytes="1224 1224 1224" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="15" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="0" count="104 114 109" bytes="832 912 872" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="16" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="125 125 125" bytes="1000 1000 1000" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="17" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="2">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="125 131 128" bytes="1000 1048 1024" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="18" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="5">
   <peer kind="null"/>
   <side role="member" flags="" events="5" rbytes-events="5" count="102 112 107" bytes="816 896 856" rbytes="0 0 0"/>
   <compute count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <compute-cpu count="5" mean="50" min="50" max="50" shift="100" buckets="278:5"/>
   <duration count="5" mean="300" min="300" max="300" buckets="408:5"/>
  </symbol>
  <symbol id="19" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="0" count="115 116 115.5" bytes="920 928 924" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="20" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="108 115 111.33333333333333" bytes="864 920 890.6666666666666" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="21" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="3">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="104 108 106.33333333333333" bytes="832 864 850.6666666666666" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="22" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="4" count="134 145 138" bytes="1072 1160 1104" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="23" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="11" occurrences="1">
   <peer kind="null"/>
   <side role="member" flags="" events="1" rbytes-events="0" count="146 146 146" bytes="1168 1168 1168" rbytes="0 0 0"/>
   <compute count="1" mean="53700" min="53700" max="53700" shift="100" buckets="782:1"/>
   <compute-cpu count="1" mean="53700" min="53700" max="53700" shift="100" buckets="782:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="24" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="1">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="107 107 107" bytes="856 856 856" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="25" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="1">
   <peer kind="null"/>
   <side role="member" flags="" events="1" rbytes-events="0" count="103 103 103" bytes="824 824 824" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="26" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="1">
   <peer kind="null"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="147 147 147" bytes="1176 1176 1176" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="27" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="116 124 120" bytes="928 992 960" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="28" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="1">
   <peer kind="cart" vec="1 0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="124 124 124" bytes="992 992 992" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="29" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="1">
   <peer kind="null"/>
   <side role="member" flags="" events="1" rbytes-events="0" count="122 122 122" bytes="976 976 976" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="30" call="MPI_Reduce" comm="2" dtsize="8" op="MPI_SUM" site="12" prev-site="11" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="root" flags="" events="1" rbytes-events="1" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <compute-cpu count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <duration count="1" mean="4000" min="4000" max="4000" buckets="597:1"/>
  </symbol>
  <symbol id="31" call="MPI_Finalize" comm="0" site="20" prev-site="12" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <compute-cpu count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <duration count="1" mean="100000" min="100000" max="100000" buckets="826:1"/>
  </symbol>
  <block id="0" events="84" time-ns="639941.9999999999">
   <s ref="0"/>
   <s ref="1"/>
   <s ref="2"/>
   <s ref="3"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="8"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="14"/>
   <s ref="15"/>
   <s ref="16"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="9"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="2"/>
   <s ref="13"/>
   <s ref="4"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="21"/>
   <s ref="8"/>
   <s ref="22"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="23"/>
   <s ref="24"/>
   <s ref="25"/>
   <s ref="15"/>
   <s ref="6"/>
   <s ref="7"/>
   <s ref="18"/>
   <s ref="22"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="4"/>
   <s ref="15"/>
   <s ref="6"/>
   <s ref="21"/>
   <s ref="26"/>
   <s ref="22"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="13"/>
   <s ref="4"/>
   <s ref="19"/>
   <s ref="20"/>
   <s ref="7"/>
   <s ref="18"/>
   <s ref="27"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="12"/>
   <s ref="28"/>
   <s ref="29"/>
   <s ref="15"/>
   <s ref="20"/>
   <s ref="17"/>
   <s ref="18"/>
   <s ref="22"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="2"/>
   <s ref="13"/>
   <s ref="4"/>
   <s ref="5"/>
   <s ref="16"/>
   <s ref="21"/>
   <s ref="18"/>
   <s ref="27"/>
   <s ref="10"/>
   <s ref="11"/>
   <s ref="30"/>
   <s ref="31"/>
  </block>
 </class>
 <class id="1" ranks="1" program="1" events="84" length="84" time-ns="3721839">
  <symbol id="32" call="MPI_Init" comm="0" site="0" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <compute-cpu count="1" mean="19900" min="19900" max="19900" shift="100" buckets="711:1"/>
   <duration count="1" mean="3e+06" min="3000000" max="3000000" buckets="1071:1"/>
  </symbol>
  <symbol id="33" call="MPI_Cart_create" comm="0" newcomm="2" site="1" prev-site="0" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="4900" min="4900" max="4900" shift="100" buckets="610:1"/>
   <compute-cpu count="1" mean="4900" min="4900" max="4900" shift="100" buckets="610:1"/>
   <duration count="1" mean="20000" min="20000" max="20000" buckets="711:1"/>
  </symbol>
  <symbol id="34" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="1" occurrences="1">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="149 149 149" bytes="1192 1192 1192" rbytes="0 0 0"/>
   <compute count="1" mean="51866" min="51866" max="51866" shift="100" buckets="779:1"/>
   <compute-cpu count="1" mean="51866" min="51866" max="51866" shift="100" buckets="779:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="35" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="0" count="122 131 125.5" bytes="976 1048 1004" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="36" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="0" count="134 144 138" bytes="1072 1152 1104" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="37" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="0" count="130 143 136.5" bytes="1040 1144 1092" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="38" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="4">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="4" rbytes-events="4" count="115 125 121" bytes="920 1000 968" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="39" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="137 148 142.66666666666666" bytes="1096 1184 1141.3333333333333" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="40" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="118 124 122" bytes="944 992 976" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="41" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="4">
   <peer kind="null"/>
   <side role="member" flags="" events="4" rbytes-events="4" count="129 141 136.5" bytes="1032 1128 1092" rbytes="0 0 0"/>
   <compute count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <compute-cpu count="4" mean="50" min="50" max="50" shift="100" buckets="278:4"/>
   <duration count="4" mean="300" min="300" max="300" buckets="408:4"/>
  </symbol>
  <symbol id="42" call="MPI_Waitall" comm="0" site="10" prev-site="9" occurrences="8">
   <side role="member" flags="" events="8" rbytes-events="8" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <link dist="8" index="0" call="MPI_Irecv"/>
   <link dist="7" index="1" call="MPI_Irecv"/>
   <link dist="6" index="2" call="MPI_Irecv"/>
   <link dist="5" index="3" call="MPI_Irecv"/>
   <link dist="4" index="4" call="MPI_Isend"/>
   <link dist="3" index="5" call="MPI_Isend"/>
   <link dist="2" index="6" call="MPI_Isend"/>
   <link dist="1" index="7" call="MPI_Isend"/>
   <compute count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <compute-cpu count="8" mean="100" min="100" max="100" shift="100" buckets="328:8"/>
   <duration count="8" mean="5000" min="5000" max="5000" buckets="611:8"/>
  </symbol>
  <symbol id="43" call="MPI_Allreduce" comm="2" dtsize="8" op="MPI_SUM" site="11" prev-site="10" occurrences="8">
   <side role="member" flags="" events="8" rbytes-events="8" count="1 1 1" bytes="8 8 8" rbytes="8 8 8"/>
   <compute count="8" mean="12514.875" min="11493" max="13631" shift="100" buckets="669:1 670:1 671:1 675:1 678:2 681:1 682:1"/>
   <compute-cpu count="8" mean="12514.875" min="11493" max="13631" shift="100" buckets="669:1 670:1 671:1 675:1 678:2 681:1 682:1"/>
   <duration count="8" mean="3000" min="3000" max="3000" buckets="573:8"/>
  </symbol>
  <symbol id="44" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="11" occurrences="6">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="6" rbytes-events="6" count="119 129 126.16666666666667" bytes="952 1032 1009.3333333333334" rbytes="0 0 0"/>
   <compute count="6" mean="47978.166666666664" min="45276" max="52225" shift="100" buckets="769:2 771:2 778:1 779:1"/>
   <compute-cpu count="6" mean="47978.166666666664" min="45276" max="52225" shift="100" buckets="769:2 771:2 778:1 779:1"/>
   <duration count="6" mean="300" min="300" max="300" buckets="408:6"/>
  </symbol>
  <symbol id="45" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="0" count="137 147 142" bytes="1096 1176 1136" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="46" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="0" count="121 128 124.66666666666667" bytes="968 1024 997.3333333333334" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="47" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="3">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="131 134 132.66666666666666" bytes="1048 1072 1061.3333333333333" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="48" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="115 126 120.5" bytes="920 1008 964" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="49" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="106 112 109" bytes="848 896 872" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="50" call="MPI_Isend" comm="2" tag="2" dtsize="8" site="7" prev-site="6" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="103 109 106.66666666666667" bytes="824 872 853.3333333333334" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="51" call="MPI_Isend" comm="2" tag="3" dtsize="8" site="8" prev-site="7" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="3" count="132 144 137.66666666666666" bytes="1056 1152 1101.3333333333333" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="52" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="102 111 106.5" bytes="816 888 852" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="53" call="MPI_Irecv" comm="2" tag="4" dtsize="8" site="4" prev-site="3" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="0" count="105 110 107.5" bytes="840 880 860" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="54" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="1">
   <peer kind="null"/>
   <side role="member" flags="" events="1" rbytes-events="0" count="106 106 106" bytes="848 848 848" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="55" call="MPI_Irecv" comm="2" tag="1" dtsize="8" site="3" prev-site="2" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="0" count="104 114 109" bytes="832 912 872" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="56" call="MPI_Irecv" comm="2" tag="3" dtsize="8" site="5" prev-site="4" occurrences="3">
   <peer kind="null"/>
   <side role="member" flags="" events="3" rbytes-events="0" count="146 151 148.66666666666666" bytes="1168 1208 1189.3333333333333" rbytes="0 0 0"/>
   <compute count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <compute-cpu count="3" mean="50" min="50" max="50" shift="100" buckets="278:3"/>
   <duration count="3" mean="300" min="300" max="300" buckets="408:3"/>
  </symbol>
  <symbol id="57" call="MPI_Irecv" comm="2" tag="2" dtsize="8" site="2" prev-site="11" occurrences="1">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="102 102 102" bytes="816 816 816" rbytes="0 0 0"/>
   <compute count="1" mean="47185" min="47185" max="47185" shift="100" buckets="772:1"/>
   <compute-cpu count="1" mean="47185" min="47185" max="47185" shift="100" buckets="772:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="58" call="MPI_Isend" comm="2" tag="4" dtsize="8" site="9" prev-site="8" occurrences="2">
   <peer kind="null"/>
   <side role="member" flags="" events="2" rbytes-events="2" count="116 118 117" bytes="928 944 936" rbytes="0 0 0"/>
   <compute count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <compute-cpu count="2" mean="50" min="50" max="50" shift="100" buckets="278:2"/>
   <duration count="2" mean="300" min="300" max="300" buckets="408:2"/>
  </symbol>
  <symbol id="59" call="MPI_Isend" comm="2" tag="1" dtsize="8" site="6" prev-site="5" occurrences="1">
   <peer kind="cart" vec="-1 0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="150 150 150" bytes="1200 1200 1200" rbytes="0 0 0"/>
   <compute count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <compute-cpu count="1" mean="50" min="50" max="50" shift="100" buckets="278:1"/>
   <duration count="1" mean="300" min="300" max="300" buckets="408:1"/>
  </symbol>
  <symbol id="60" call="MPI_Reduce" comm="2" dtsize="8" op="MPI_SUM" site="12" prev-site="11" occurrences="1">
   <root kind="abs" value="0"/>
   <side role="member" flags="" events="1" rbytes-events="1" count="1 1 1" bytes="8 8 8" rbytes="0 0 0"/>
   <compute count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <compute-cpu count="1" mean="900" min="900" max="900" shift="100" buckets="487:1"/>
   <duration count="1" mean="4000" min="4000" max="4000" buckets="597:1"/>
  </symbol>
  <symbol id="61" call="MPI_Finalize" comm="0" site="20" prev-site="12" occurrences="1">
   <side role="member" flags="" events="1" rbytes-events="1" count="0 0 0" bytes="0 0 0" rbytes="0 0 0"/>
   <compute count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <compute-cpu count="1" mean="9900" min="9900" max="9900" shift="100" buckets="660:1"/>
   <duration count="1" mean="100000" min="100000" max="100000" buckets="826:1"/>
  </symbol>
  <block id="1" events="84" time-ns="633439">
   <s ref="32"/>
   <s ref="33"/>
   <s ref="34"/>
   <s ref="35"/>
   <s ref="36"/>
   <s ref="37"/>
   <s ref="38"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="46"/>
   <s ref="37"/>
   <s ref="47"/>
   <s ref="48"/>
   <s ref="49"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="35"/>
   <s ref="46"/>
   <s ref="37"/>
   <s ref="47"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="52"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="45"/>
   <s ref="53"/>
   <s ref="54"/>
   <s ref="38"/>
   <s ref="48"/>
   <s ref="51"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="55"/>
   <s ref="36"/>
   <s ref="56"/>
   <s ref="38"/>
   <s ref="50"/>
   <s ref="40"/>
   <s ref="52"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="57"/>
   <s ref="35"/>
   <s ref="53"/>
   <s ref="56"/>
   <s ref="38"/>
   <s ref="39"/>
   <s ref="49"/>
   <s ref="58"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="55"/>
   <s ref="46"/>
   <s ref="37"/>
   <s ref="47"/>
   <s ref="39"/>
   <s ref="40"/>
   <s ref="41"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="44"/>
   <s ref="35"/>
   <s ref="36"/>
   <s ref="56"/>
   <s ref="59"/>
   <s ref="50"/>
   <s ref="51"/>
   <s ref="58"/>
   <s ref="42"/>
   <s ref="43"/>
   <s ref="60"/>
   <s ref="61"/>
  </block>
 </class>
</signature>
